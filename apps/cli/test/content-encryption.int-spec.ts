import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { recordCompactedSession, recordSeedExample } from './testing/audit-sessions';
import { recordThroughServer } from './testing/record-through-server';
import { parseNdjson, runCliProcess, type CliRun } from './testing/run-cli-process';

/**
 * The CLI on a store whose content the server sealed (`CONTENT_ENCRYPTION=on` on the embedded
 * store): every command opens it through the same key store, `verify`'s helper threads too.
 */
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await recordThroughServer(
    async (post) => {
      await recordSeedExample(post);
      await recordCompactedSession(post);
    },
    undefined,
    { CONTENT_ENCRYPTION: 'on' },
  );
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir, CONTENT_ENCRYPTION: 'on', ...env });
}

const verified = [
  'Read models at position 16; 2 session(s) recomputed from the log.',
  'ok    s1',
  'ok    s2',
  '',
].join('\n');

describe('the CLI on sealed content', () => {
  it('finds no content of the log in plain text in its file', () => {
    const log = readFileSync(path.join(dataDir ?? '', 'events.sqlite')).toString('utf8');
    expect(log).not.toContain('Why does login fail?');
    expect(log).toContain('"sealed":{"v":2');
  });

  it('shows the events as written', () => {
    const run = cli(['events', 's2']);
    expect(run.status).toBe(0);
    const events = parseNdjson(run.stdout) as Array<{ type: string; data: { content?: unknown } }>;
    expect(events.find((event) => event.type === 'UserInputRecorded')?.data.content).toBe(
      'Why does login fail?',
    );
  });

  it('verifies, on helper threads and on one, rebuilds, and verifies again', () => {
    expect(cli(['verify'])).toEqual({ status: 0, stderr: '', stdout: verified });
    expect(cli(['verify', '--single-thread'])).toEqual({ status: 0, stderr: '', stdout: verified });
    expect(cli(['rebuild']).status).toBe(0);
    expect(cli(['verify'])).toEqual({ status: 0, stderr: '', stdout: verified });
  });

  it('still opens sealed content with encryption turned off, the key file being there', () => {
    expect(cli(['verify'], { CONTENT_ENCRYPTION: 'off' })).toEqual({
      status: 0,
      stderr: '',
      stdout: verified,
    });
  });
});
