import path from 'node:path';
import { loadReadModelConfig, ReadModelConfigError } from './read-model-config';

describe('loadReadModelConfig', () => {
  it('has documented defaults', () => {
    expect(loadReadModelConfig({}, '/data')).toEqual({
      path: path.join('/data', 'read-models.sqlite'),
      waitTimeoutMs: 5000,
      exportPolicy: { redactSecrets: true, extraPatterns: [], includeReasoning: false },
      runner: 'thread',
      maxPageBytes: 4 * 1024 * 1024,
    });
  });

  it('reads every variable', () => {
    expect(
      loadReadModelConfig(
        {
          READ_MODEL_WAIT_MS: '250',
          EXPORT_REDACTION: 'off',
          EXPORT_REDACTION_PATTERNS: '["ACME-[0-9]{6}"]',
          EXPORT_INCLUDE_REASONING: 'true',
          PROJECTION_RUNNER: 'inline',
          MAX_PAGE_BYTES: '65536',
        },
        '/data',
      ),
    ).toEqual({
      path: path.join('/data', 'read-models.sqlite'),
      waitTimeoutMs: 250,
      exportPolicy: {
        redactSecrets: false,
        extraPatterns: ['ACME-[0-9]{6}'],
        includeReasoning: true,
      },
      runner: 'inline',
      maxPageBytes: 65536,
    });
  });

  it.each([
    [
      { PROJECTION_RUNNER: 'worker' },
      'PROJECTION_RUNNER is "worker"; expected "thread" (a worker thread of its own, the default) or "inline" (the server\'s thread).',
    ],
    [
      { READ_MODEL_WAIT_MS: 'soon' },
      'READ_MODEL_WAIT_MS is "soon"; expected milliseconds from 0 to 60000.',
    ],
    [
      { MAX_PAGE_BYTES: '1000' },
      'MAX_PAGE_BYTES is "1000"; expected bytes from 65536 (64 KiB) to 1073741824 (1 GiB).',
    ],
    [
      { EXPORT_REDACTION: 'some' },
      'EXPORT_REDACTION is "some"; expected "default" (redact secrets) or "off".',
    ],
    [
      { EXPORT_REDACTION_PATTERNS: 'ACME' },
      'EXPORT_REDACTION_PATTERNS must be a JSON array of regular expressions, e.g. ["ACME-[0-9]{6}"].',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadReadModelConfig(env, '/data')).toThrow(new ReadModelConfigError(message));
  });

  it('refuses a pattern that is not a regular expression', () => {
    expect(() => loadReadModelConfig({ EXPORT_REDACTION_PATTERNS: '["("]' }, '/data')).toThrow(
      /EXPORT_REDACTION_PATTERNS holds "\(", not a valid regular expression/,
    );
  });
});
