import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { recordCompactedSession, recordSeedExample } from './testing/audit-sessions';
import { recordThroughServer } from './testing/record-through-server';
import { runCliProcess, type CliRun } from './testing/run-cli-process';
import { stringMatching } from '../../server/test/testing/matchers';

/**
 * `verify` and `rebuild` as child processes on a store the real server wrote (`s1`: the seed's
 * example pruned, positions 1–7; `s2`: compacted between two turns, positions 8–16). The tests
 * run in order: untouched, tampered behind the read models' back, rebuilt.
 */
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await recordThroughServer(async (post) => {
    await recordSeedExample(post);
    await recordCompactedSession(post);
  });
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  return runCliProcess(args, { DATA_DIR: dataDir });
}

/** Runs one statement on the read models' SQLite file, as someone editing it by hand would. */
function tamper(sql: string): void {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  const db = new Database(path.join(dataDir, 'read-models.sqlite'));
  try {
    expect(db.prepare(sql).run().changes).toBe(1);
  } finally {
    db.close();
  }
}

const untouched: CliRun = {
  status: 0,
  stderr: '',
  stdout: [
    'Read models at position 16; 2 session(s) recomputed from the log.',
    'ok    s1',
    'ok    s2',
    '',
  ].join('\n'),
};

describe('verify', () => {
  it('passes on read models the server maintained', () => {
    expect(cli('verify')).toEqual(untouched);
  });

  it('detects a message row altered behind the read models’ back', () => {
    tamper(
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'tampered') WHERE session_id = 's1' AND id = 'm5'`,
    );
    expect(cli('verify')).toEqual({
      status: 1,
      stdout: [
        'Read models at position 16; 2 session(s) recomputed from the log.',
        // The message is stored once, in rm_messages: the search view reads it from there too.
        'DIFF  s1: 4 differences',
        '        $.export.messages[4].content: expected "我先定位问题，再修改登录逻辑。", found "tampered"',
        '        $.messages[4].content: expected "我先定位问题，再修改登录逻辑。", found "tampered"',
        '        $.search[4].text: expected "我先定位问题，再修改登录逻辑。", found "tampered"',
        '        $.transcript.messages[4].content: expected "我先定位问题，再修改登录逻辑。", found "tampered"',
        'ok    s2',
        '',
      ].join('\n'),
      stderr: `agent-ledger: the stored read models differ from the log in 1 of 2 sessions (s1); \`DATA_DIR=${dataDir ?? ''} npx agent-ledger rebuild\` rebuilds them from the log.\n`,
    });
  });

  it('checks one session with --session, and the session list too', () => {
    expect(cli('verify', '--session', 's2').status).toBe(0);
    tamper(
      `UPDATE rm_sessions SET summary = json_set(summary, '$.messageCount', 99) WHERE session_id = 's2'`,
    );
    const run = cli('verify', '--session', 's2', '--json');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      position: 16,
      sessions: [
        { sessionId: 's2', differences: ['$.summary.messageCount: expected 8, found 99'] },
      ],
      failedEvents: 0,
    });
  });

  it('reports rows no reader can read (a message row that is not JSON) as a difference', () => {
    tamper(
      `UPDATE rm_messages SET message = '{"id":' WHERE rowid = (SELECT rowid FROM rm_messages WHERE session_id = 's2' LIMIT 1)`,
    );
    const run = cli('verify', '--session', 's2', '--json');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      position: 16,
      sessions: [
        {
          sessionId: 's2',
          differences: [stringMatching(/^\$: the stored read models cannot be read back: .*JSON/)],
        },
      ],
      failedEvents: 0,
    });
  });
});

describe('rebuild', () => {
  it('rebuilds the read models from the log and reports its rate, quietly when not on a terminal', () => {
    const run = cli('rebuild');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Rebuilt the read models from 16 events in \d+\.\d\d s: [\d,]+ events\/s \(up to position 16\)\.\n$/,
    );
    expect(cli('verify')).toEqual(untouched);
  });

  it('does the same on one thread with --single-thread', () => {
    expect(cli('rebuild', '--single-thread', '--json').status).toBe(0);
    expect(cli('verify', '--single-thread')).toEqual(untouched);
  });

  it('puts a new file in place of a damaged one, its WAL included, and leaves nothing beside it', () => {
    if (dataDir === undefined) throw new Error('The store was not recorded.');
    const file = path.join(dataDir, 'read-models.sqlite');
    writeFileSync(file, 'damaged: not a database any more');
    writeFileSync(`${file}-wal`, 'a WAL that is not one either');
    expect(cli('verify').status).toBe(1);
    expect(cli('rebuild', '--json').status).toBe(0);
    expect(cli('verify', '--check-file')).toEqual(untouched);
    expect(readdirSync(dataDir).filter((name) => name.includes('rebuilding'))).toEqual([]);
  });

  it('reports as JSON with --json', () => {
    const run = cli('rebuild', '--json');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      events: 16,
      seconds: expect.any(Number) as unknown,
      eventsPerSecond: expect.any(Number) as unknown,
      position: 16,
    });
  });
});
