import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore, type ReadStreamOptions } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { SqliteDeciderSnapshots } from './decider-snapshots';
import { SessionCommandRunner } from './session-command-runner';

const clock = () => '2026-04-08T10:00:00.000Z';

function inputs(prefix: string, from: number, count: number): RuntimeMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${from + index}`,
    sessionId: 's1',
    kind: 'user_input' as const,
    role: 'user' as const,
    createdAt: clock(),
    content: `question ${from + index}`,
  }));
}

const append = (runner: SessionCommandRunner, messages: RuntimeMessage[]) =>
  runner.run({ type: 'AppendMessages', sessionId: 's1', messages });

describe('decider snapshots (SessionCommandRunner with SqliteDeciderSnapshots)', () => {
  let dir: string;
  let stores: SqliteEventStore[];
  let readFrom: Array<ReadStreamOptions['fromRevision']>;

  /** A store on `events.sqlite` (or another file), recording where each stream read starts. */
  function openStore(file = 'events.sqlite'): SqliteEventStore {
    const store = new SqliteEventStore({
      path: path.join(dir, file),
      validatePayload: validateSessionEventPayload,
    });
    const readStream = store.readStream.bind(store);
    jest.spyOn(store, 'readStream').mockImplementation((streamName, options) => {
      readFrom.push(options?.fromRevision);
      return readStream(streamName, options);
    });
    stores.push(store);
    return store;
  }

  const snapshotsFile = () => path.join(dir, 'decider-snapshots.sqlite');
  const runnerOn = (store: SqliteEventStore) =>
    new SessionCommandRunner(store, {
      cacheSize: 10,
      clock,
      snapshots: SqliteDeciderSnapshots.open(snapshotsFile()),
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-snapshots-'));
    stores = [];
    readFrom = [];
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a restart folds only the events after the snapshot, and decides as a full replay would', async () => {
    const store = openStore();
    const before = runnerOn(store);
    expect(await append(before, inputs('m', 0, 600))).toMatchObject({ revision: 600 });
    await append(before, inputs('m', 600, 10));
    before.onApplicationShutdown();

    readFrom = [];
    const after = runnerOn(store);
    // A retry of messages recorded before the snapshot is recognised: nothing appended.
    expect(await append(after, inputs('m', 5, 3))).toMatchObject({ revision: 610 });
    // The snapshot taken at shutdown (revision 610) is checked against the event there; nothing is folded.
    expect(readFrom).toEqual([610, 611]);
    // A changed message under a recorded id is refused, as the full replay refuses it.
    const changed = { ...inputs('m', 7, 1)[0]!, content: 'another question' } as RuntimeMessage;
    const replayed = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await expect(append(replayed, [changed])).rejects.toMatchObject({ code: 'DuplicateMessageId' });
    await expect(append(after, [changed])).rejects.toMatchObject({ code: 'DuplicateMessageId' });
    after.onApplicationShutdown();
  });

  it('folds the events another writer appended after the snapshot', async () => {
    const store = openStore();
    const first = runnerOn(store);
    await append(first, inputs('m', 0, 600));
    first.onApplicationShutdown();
    // Another server (no snapshots of its own here) writes 20 more.
    await append(new SessionCommandRunner(store, { cacheSize: 10, clock }), inputs('m', 600, 20));

    readFrom = [];
    const restarted = runnerOn(store);
    expect(await append(restarted, inputs('m', 610, 15))).toMatchObject({ revision: 625 });
    expect(readFrom).toEqual([600, 601]);
    restarted.onApplicationShutdown();
  });

  it('drops a snapshot the log does not have: another log under the same session', async () => {
    const first = runnerOn(openStore());
    await append(first, inputs('m', 0, 600));
    first.onApplicationShutdown();

    // A new log (the events file replaced) with other messages at the same revisions.
    const other = openStore('other-events.sqlite');
    await append(new SessionCommandRunner(other, { cacheSize: 10, clock }), inputs('x', 0, 600));
    readFrom = [];
    const restarted = runnerOn(other);
    // The m-messages are not in this log: appending them is no retry.
    expect(await append(restarted, inputs('m', 0, 1))).toMatchObject({ revision: 601 });
    expect(readFrom).toEqual([600, 0]);
    restarted.onApplicationShutdown();
  });

  it('drops a snapshot ahead of the log (a log restored from an older copy)', async () => {
    const store = openStore();
    const first = runnerOn(store);
    await append(first, inputs('m', 0, 700));
    first.onApplicationShutdown();
    const older = openStore('older.sqlite');
    await append(new SessionCommandRunner(older, { cacheSize: 10, clock }), inputs('m', 0, 600));

    readFrom = [];
    const restarted = runnerOn(older);
    // m650 is not in the older log: it is new there.
    expect(await append(restarted, inputs('m', 650, 1))).toMatchObject({ revision: 601 });
    expect(readFrom).toEqual([0]);
    restarted.onApplicationShutdown();
  });

  it('ignores a damaged snapshot file: it is replaced, the log folded', async () => {
    const store = openStore();
    const first = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await append(first, inputs('m', 0, 600));
    writeFileSync(snapshotsFile(), 'not a database');
    readFrom = [];
    const restarted = runnerOn(store);
    expect(await append(restarted, inputs('m', 0, 2))).toMatchObject({ revision: 600 });
    expect(readFrom).toEqual([0]);
    restarted.onApplicationShutdown();
  });

  it('snapshots a session that leaves the cache', async () => {
    const store = openStore();
    const runner = new SessionCommandRunner(store, {
      cacheSize: 1,
      clock,
      snapshots: SqliteDeciderSnapshots.open(snapshotsFile()),
    });
    await append(runner, inputs('m', 0, 600));
    await append(runner, inputs('m', 600, 10));
    await runner.run({ type: 'AppendMessages', sessionId: 's2', messages: [] });
    readFrom = [];
    expect(await append(runner, inputs('m', 610, 1))).toMatchObject({ revision: 611 });
    expect(readFrom).toEqual([610, 611]);
    runner.onApplicationShutdown();
  });

  it('does not snapshot short sessions', async () => {
    const store = openStore();
    const first = runnerOn(store);
    await append(first, inputs('m', 0, 100));
    first.onApplicationShutdown();
    readFrom = [];
    await append(runnerOn(store), inputs('m', 100, 1));
    expect(readFrom).toEqual([0]);
  });
});
