import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { getJson, postJson } from '../../server/test/testing/http-client';
import { startServer, type RunningServer } from '../../server/test/testing/start-server';
import { parseNdjson, type CliRun } from './testing/run-cli-process';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * The README's five-minute walkthrough, step by step, against a running server: the seed's
 * example appended from `examples/seed-append.json` and m4 pruned over HTTP, then the CLI as the
 * README runs it, `npx agent-ledger …`, which is `bin/agent-ledger.js` (built first when the build
 * is missing or stale, its output on stderr): what it prints on stdout is data for `jq`.
 */
let server: RunningServer;

/** `npx agent-ledger <args>`: the package's bin, as a child process with its output piped. */
function agentLedger(...args: string[]): CliRun {
  const result = spawnSync(process.execPath, [path.join(root, 'bin', 'agent-ledger.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', DATA_DIR: server.dataDir },
    // A first run builds dist/ (tsc and Vite) before it answers.
    timeout: 600_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  server = await startServer();
  const body: unknown = JSON.parse(
    readFileSync(path.join(root, 'examples', 'seed-append.json'), 'utf8'),
  );
  const appended = await postJson(`${server.url}/v1/sessions/s1/messages`, body);
  expect(appended).toEqual({ status: 200, body: { sessionId: 's1', revision: 5, position: 6 } });
  const pruned = await postJson(`${server.url}/v1/sessions/s1/prunings`, {
    messageIds: ['m4'],
    reason: 'Old tool result no longer needed in full',
  });
  expect(pruned).toEqual({ status: 200, body: { sessionId: 's1', revision: 6, position: 7 } });
  expect((await getJson(`${server.url}/v1/sessions?minPosition=7`)).status).toBe(200);
  // The first run may build: done here, so that no test below waits for it.
  expect(agentLedger('--help').status).toBe(0);
}, 660_000);

afterAll(async () => {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

it('examples/seed-append.json is the seed example without its metadata (the pruning is its own command)', () => {
  const example = JSON.parse(
    readFileSync(path.join(root, 'examples', 'seed-example.json'), 'utf8'),
  ) as Record<string, unknown>[];
  const append = JSON.parse(
    readFileSync(path.join(root, 'examples', 'seed-append.json'), 'utf8'),
  ) as { messages: unknown[] };
  expect(append.messages).toEqual(example.map(({ metadata: _metadata, ...message }) => message));
});

it('`npx agent-ledger events s1 | jq -c .`: every stdout line is a JSON event, and nothing else is', () => {
  const run = agentLedger('events', 's1');
  expect(run.status).toBe(0);
  expect(run.stdout.endsWith('\n')).toBe(true);
  const lines = run.stdout.slice(0, -1).split('\n');
  const events = lines.map((line) => JSON.parse(line) as { revision: number; type: string });
  expect(events.map((event) => [event.revision, event.type])).toEqual([
    [0, 'SessionStarted'],
    [1, 'SystemNoteRecorded'],
    [2, 'UserInputRecorded'],
    [3, 'ToolCallRecorded'],
    [4, 'ToolResultRecorded'],
    [5, 'AssistantTextRecorded'],
    [6, 'ToolResultsPruned'],
  ]);
  expect(parseNdjson(run.stdout)).toHaveLength(7);
});

it('`npx agent-ledger sessions --json` and `replay --json` print one JSON document on stdout', () => {
  const sessions = agentLedger('sessions', '--json');
  expect(sessions.status).toBe(0);
  expect(JSON.parse(sessions.stdout)).toMatchObject({
    sessions: [{ sessionId: 's1', revision: 6 }],
  });
  const replay = agentLedger('replay', 's1', '--view', 'ai-sdk', '--json');
  expect(replay.status).toBe(0);
  expect(JSON.parse(replay.stdout)).toMatchObject({
    diagnostics: { truncatedMessageIds: ['m4'] },
  });
});

it('`npx agent-ledger diff s1 --from 5 --to 6` calls the pruned result truncated, as the replay does', () => {
  const diff = agentLedger('diff', 's1', '--from', '5', '--to', '6', '--json');
  expect(diff.status).toBe(0);
  expect(JSON.parse(diff.stdout)).toMatchObject({
    changes: [{ change: 'truncated', messageId: 'm4', stub: true, cause: 'compacted' }],
  });
});

it('an error is one line on stderr naming a command that runs as written, and nothing on stdout', () => {
  const run = agentLedger('replay', 's2');
  expect(run).toMatchObject({
    status: 1,
    stdout: '',
    stderr: 'agent-ledger: Session "s2" does not exist.\n',
  });
});
