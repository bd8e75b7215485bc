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
      readyMaxLag: 1000,
      sweepRowsPerSecond: 1000,
      searchBlobTextBytes: 65536,
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
          READY_MAX_LAG: '50',
          READ_MODEL_SWEEP_ROWS_PER_SECOND: '0',
          SEARCH_BLOB_TEXT_BYTES: '1048576',
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
      readyMaxLag: 50,
      sweepRowsPerSecond: 0,
      searchBlobTextBytes: 1048576,
    });
  });

  it.each([
    [
      { PROJECTION_RUNNER: 'worker' },
      'PROJECTION_RUNNER is "worker"; expected "thread" (a worker thread of its own, the default) or "inline" (the server\'s thread).',
    ],
    [
      { READ_MODEL_SWEEP_ROWS_PER_SECOND: '-5' },
      'READ_MODEL_SWEEP_ROWS_PER_SECOND is "-5"; expected rows per second from 0 (no sweep) to 1000000.',
    ],
    [
      { SEARCH_BLOB_TEXT_BYTES: '64k' },
      'SEARCH_BLOB_TEXT_BYTES is "64k"; expected bytes from 0 (previews only) to 16777216 (default 65536).',
    ],
    [
      { READY_MAX_LAG: '-1' },
      'READY_MAX_LAG is "-1"; expected a number of log positions, 0 or more (default 1000).',
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
