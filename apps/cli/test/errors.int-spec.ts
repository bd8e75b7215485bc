import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordSeedExample } from './testing/audit-sessions';
import { recordThroughServer } from './testing/record-through-server';
import { runCliProcess, type CliRun } from './testing/run-cli-process';

/** Every failure is one line on stderr and a non-zero exit, never a stack trace. */
let dataDir: string | undefined;
let emptyDir: string;

beforeAll(async () => {
  emptyDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-empty-'));
  dataDir = await recordThroughServer(recordSeedExample);
}, 60_000);

afterAll(() => {
  for (const dir of [dataDir, emptyDir]) {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
});

function cli(args: string[], env: Record<string, string> = {}): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir, ...env });
}

function failure(status: number, line: string): CliRun {
  return { status, stdout: '', stderr: `agent-ledger: ${line}\n` };
}

describe('an unknown session', () => {
  it.each([
    [['replay', 'nope']],
    [['events', 'nope']],
    [['diff', 'nope', '--from', '0', '--to', '1']],
    [['export', 'nope']],
  ])('%j says so in one line', (args) => {
    expect(cli(args)).toEqual(failure(1, 'Session "nope" does not exist.'));
  });
});

describe('a bad revision', () => {
  it('past the end of the session names its latest revision', () => {
    const message = 'Session "s1" has no revision 99; its latest revision is 6.';
    expect(cli(['replay', 's1', '--to-revision', '99'])).toEqual(failure(1, message));
    expect(cli(['replay', 's1', '--view', 'transcript', '--to-revision', '99'])).toEqual(
      failure(1, message),
    );
    expect(cli(['diff', 's1', '--from', '0', '--to', '99'])).toEqual(failure(1, message));
  });

  it('past the last turn says how many turns there are', () => {
    expect(cli(['replay', 's1', '--to-turn', '2'])).toEqual(
      failure(1, 'Session "s1" has 1 turn; --to-turn takes 1 to 1.'),
    );
  });

  it('that is not a number is a usage error (exit 2)', () => {
    expect(cli(['replay', 's1', '--to-revision', 'abc'])).toEqual(
      failure(
        2,
        "option '--to-revision <r>' argument 'abc' is invalid. expected a revision, a whole number from 0. (run with --help for usage)",
      ),
    );
  });

  it('with both --to-revision and --to-turn is a usage error', () => {
    const run = cli(['replay', 's1', '--to-revision', '1', '--to-turn', '1']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^agent-ledger: option '--to-revision <r>' cannot be used with option '--to-turn <n>'.*\n$/,
    );
  });
});

describe('a store that cannot be reached', () => {
  it('names the missing event store', () => {
    expect(cli(['replay', 's1'], { DATA_DIR: emptyDir })).toEqual(
      failure(
        1,
        `No event store at ${path.join(emptyDir, 'events.sqlite')}: set DATA_DIR to the folder the server writes to (DATA_DIR is ${emptyDir}).`,
      ),
    );
  });

  it('names the missing read models', () => {
    expect(cli(['sessions'], { DATA_DIR: emptyDir })).toEqual(
      failure(
        1,
        `No read models at ${path.join(emptyDir, 'read-models.sqlite')}: start the server (it builds them from the log) or run \`DATA_DIR=${emptyDir} npx agent-ledger rebuild\`.`,
      ),
    );
  });

  it('names a configuration variable that cannot be used', () => {
    expect(cli(['sessions'], { EVENT_STORE: 'bogus' })).toEqual(
      failure(1, 'EVENT_STORE is "bogus"; expected "sqlite" (the default) or "eventstoredb".'),
    );
  });

  it('refuses to verify read models written under another export policy', () => {
    const run = cli(['verify'], { EXPORT_REDACTION: 'off' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^agent-ledger: The read model "session-views" was written as version .*run `npx agent-ledger rebuild` \(with the same environment\) or start the server to rebuild it\.\n$/,
    );
  });
});
