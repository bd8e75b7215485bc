import { rmSync } from 'node:fs';
import { recordSeedExample } from './testing/audit-sessions';
import { recordThroughServer } from './testing/record-through-server';
import { runCliProcess, type CliRun } from './testing/run-cli-process';

/** `fork` and `rewind` write the store the server writes; `verify` stays clean after them. */
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await recordThroughServer(recordSeedExample);
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[]): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir });
}

describe('fork and rewind from the CLI', () => {
  it('forks (a retry answers the same fork), rewinds, refuses what it cannot do in one line, and verify is clean', () => {
    expect(cli(['fork', 's1', 's1-fork', '--at-revision', '3'])).toEqual({
      status: 0,
      stdout: 's1-fork: forked from s1 at revision 3; revision 3\n',
      stderr: '',
    });
    expect(cli(['fork', 's1', 's1-fork', '--at-revision', '3']).status).toBe(0);
    expect(cli(['fork', 's1', 's1-fork', '--at-revision', '2'])).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'agent-ledger: Session "s1-fork" already exists and is not a fork of "s1" at that revision; a fork starts a new session: choose another sessionId.\n',
    });
    expect(cli(['rewind', 's1', '--to-message', 'm3'])).toEqual({
      status: 0,
      stdout: 's1: rewound to revision 3 (revision 7); undone: m4, m5\n',
      stderr: '',
    });
    expect(cli(['rewind', 's1', '--to-revision', '4']).stderr).toContain(
      'was undone by an earlier rewind',
    );
    expect(cli(['rewind', 's1']).stderr).toBe(
      'agent-ledger: rewind: give exactly one of --to-revision <n> or --to-message <id>\n',
    );
    const replayed = cli(['replay', 's1', '--view', 'model', '--json']);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout).not.toContain('"m5"');
    // Before the rewind, the old branch still has m5.
    expect(
      cli(['replay', 's1', '--view', 'model', '--to-revision', '6', '--json']).stdout,
    ).toContain('"m5"');
    const verified = cli(['verify']);
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
  });
});
