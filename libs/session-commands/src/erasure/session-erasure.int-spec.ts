import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { ERASURE_STREAM, validateSessionEventPayload } from '@agent-ledger/events';
import { SessionCommandRunner } from '../session-command-runner';
import { SessionErasure } from './session-erasure';

describe('SessionErasure on the embedded store', () => {
  let folder: string;
  let store: SqliteEventStore;
  let runner: SessionCommandRunner;
  const forgotten: string[] = [];
  const awaited: number[] = [];
  let erasure: SessionErasure;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'session-erasure-'));
    store = new SqliteEventStore({
      path: path.join(folder, 'events.sqlite'),
      validatePayload: validateSessionEventPayload,
    });
    runner = new SessionCommandRunner(store, {
      cacheSize: 10,
      clock: () => '2026-12-02T10:00:00.000Z',
      // As the server wires it: a session being erased takes no command.
      isErasing: (key) => erasure.isErasing(key),
    });
    forgotten.length = 0;
    awaited.length = 0;
    erasure = new SessionErasure({
      store,
      clock: () => '2026-12-02T10:00:01.000Z',
      destroyContentKeys: () => Promise.resolve(1),
      forgetSession: (key) => {
        forgotten.push(key);
        return runner.forget(key);
      },
      awaitReadModels: (position) => {
        awaited.push(position);
        return Promise.resolve();
      },
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const append = (sessionId: string, subjectId: string, id = 'm1') =>
    runner.run({
      type: 'AppendMessages',
      sessionId,
      subjectId,
      messages: [
        {
          id,
          sessionId,
          kind: 'user_input',
          role: 'user',
          createdAt: '2026-12-02T09:00:00.000Z',
          content: 'hi',
        },
      ],
    });

  it("given two sessions of a subject and one of another, erases exactly the subject's, journal then receipt", async () => {
    await append('a1', 'alice');
    await append('a2', 'alice');
    await append('b1', 'bob');
    const receipt = await erasure.eraseSubject({
      tenant: 'default',
      subjectId: 'alice',
      requestedBy: { via: 'cli' },
    });
    expect(receipt).toMatchObject({
      status: 'completed',
      sessionIds: ['a1', 'a2'],
      erasedEvents: 4,
      contentKeysDestroyed: 2,
      physical: true,
    });
    expect(forgotten).toEqual(['a1', 'a2']);
    expect(awaited).toEqual([receipt.requestedPosition]);
    expect(await store.getStreamRevision('session-a1')).toBeUndefined();
    expect(await store.getStreamRevision('session-b1')).toBe(1);
    expect(erasure.isErasing('a1')).toBe(false);
    const types: string[] = [];
    for await (const event of store.readStream(ERASURE_STREAM)) types.push(event.type);
    expect(types).toEqual(['ErasureRequested', 'ErasureCompleted']);
  });

  it('erasing again answers the same receipt and appends nothing', async () => {
    await append('a1', 'alice');
    const first = await erasure.eraseSession({
      tenant: 'default',
      sessionId: 'a1',
      requestedBy: { via: 'cli' },
    });
    const again = await erasure.eraseSession({
      tenant: 'default',
      sessionId: 'a1',
      requestedBy: { via: 'cli' },
    });
    expect(again).toEqual(first);
    expect(await store.getStreamRevision(ERASURE_STREAM)).toBe(1);
  });

  it('a journal entry without its receipt (a crash) marks its sessions at once and is finished by recover', async () => {
    await append('a1', 'alice');
    // What a crash right after the journal entry leaves: ErasureRequested, the stream still there.
    const failing = new SessionErasure({
      store,
      clock: () => '2026-12-02T10:00:01.000Z',
      destroyContentKeys: () => Promise.reject(new Error('key store down')),
      forgetSession: () => Promise.resolve(),
      awaitReadModels: () => Promise.resolve(),
    });
    await expect(
      failing.eraseSession({ tenant: 'default', sessionId: 'a1', requestedBy: { via: 'cli' } }),
    ).rejects.toMatchObject({ code: 'ErasureIncomplete' });
    expect(failing.isErasing('a1')).toBe(true);

    const { unfinished, finished } = await erasure.recover();
    expect(unfinished.map((receipt) => receipt.sessionIds)).toEqual([['a1']]);
    expect(erasure.isErasing('a1')).toBe(true);
    await expect(append('a1', 'alice', 'm2')).rejects.toMatchObject({ code: 'SessionNotFound' });
    const [receipt] = await finished;
    expect(receipt).toMatchObject({ status: 'completed', sessionIds: ['a1'] });
    expect(await store.getStreamRevision('session-a1')).toBeUndefined();
    expect(erasure.isErasing('a1')).toBe(false);
  });
});
