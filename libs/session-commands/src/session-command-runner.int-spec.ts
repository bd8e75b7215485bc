import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SqliteEventStore,
  WrongExpectedRevisionError,
  type ReadStreamOptions,
} from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import type { AssistantTextMessage } from '@agent-ledger/messages';
import { SessionRuleError } from '@agent-ledger/sessions';
import { seedExampleMessages } from '@agent-ledger/testing';
import { SessionCommandRunner } from './session-command-runner';
import { WriteContendedError } from './write-contended.error';

const clock = () => '2026-04-08T10:00:00.000Z';

function reply(id: string, sessionId = 's1'): AssistantTextMessage {
  return {
    id,
    sessionId,
    kind: 'assistant_text',
    role: 'assistant',
    createdAt: clock(),
    content: `reply ${id}`,
  };
}

describe('SessionCommandRunner (with the SQLite store)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let readFrom: Array<ReadStreamOptions['fromRevision']>;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-runner-'));
    store = new SqliteEventStore({
      path: path.join(dir, 'events.sqlite'),
      validatePayload: validateSessionEventPayload,
    });
    readFrom = [];
    const readStream = store.readStream.bind(store);
    jest.spyOn(store, 'readStream').mockImplementation((streamName, options) => {
      readFrom.push(options?.fromRevision);
      return readStream(streamName, options);
    });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps state between commands: a second command reads no event back', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const first = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: seedExampleMessages(),
    });
    const second = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [reply('m6')],
    });
    expect([first, second, readFrom]).toEqual([
      { sessionId: 's1', revision: 5, position: first.position },
      { sessionId: 's1', revision: 6, position: first.position + 1 },
      [],
    ]);
  });

  it('reads only the events another writer appended after the cached revision', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const otherServer = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    await otherServer.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m6')] });
    const result = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [reply('m7')],
    });
    // otherServer loaded the whole stream once (from 0); runner then read from revision 6 only.
    expect([result.revision, readFrom]).toEqual([7, [0, 6]]);
  });

  it('decides a command on a cached session without asking the store for its revision', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const revisionLookups = jest.spyOn(store, 'getStreamRevision');
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m6')] });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m7')] }, 6);
    expect([
      revisionLookups.mock.calls.length,
      await store.getStreamRevision('session-s1'),
    ]).toEqual([1, 7]);
  });

  it("answers a retry on a session another writer moved with the stream's own revision", async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const otherServer = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    const moved = await otherServer.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [reply('m6')],
    });
    const retry = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: seedExampleMessages(),
    });
    expect([retry, await store.getStreamRevision('session-s1')]).toEqual([moved, 6]);
  });

  it('answers a command sent with the cached revision on a stream another writer moved as a checked load would', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const otherServer = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    await otherServer.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m6')] });
    await otherServer.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m7')] });
    // A retry of m7 (its client saw revision 5, its first attempt went to the other server):
    // already satisfied on the stream, so it succeeds with the stream's revision.
    const retry = await runner.run(
      { type: 'AppendMessages', sessionId: 's1', messages: [reply('m7')] },
      5,
    );
    // A new message on that stale view: the conflict, as from a checked load.
    const stale = runner.run(
      { type: 'AppendMessages', sessionId: 's1', messages: [reply('m8')] },
      5,
    );
    await expect(stale).rejects.toMatchObject({ expectedRevision: 5, actualRevision: 7 });
    expect([retry.revision, await store.getStreamRevision('session-s1')]).toEqual([7, 7]);
  });

  it('decides again on the stream a command whose rule only its stale cached state breaks', async () => {
    const [system, user, toolCall, toolResult] = seedExampleMessages();
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const otherServer = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [system!, user!] });
    await otherServer.run({ type: 'AppendMessages', sessionId: 's1', messages: [toolCall!] });
    // The result answers a call this runner's cached state has not seen: the stream has it.
    const result = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [toolResult!],
    });
    expect([result.revision, readFrom]).toEqual([4, [0, 3]]);
  });

  it('re-reads a session it forgot (LRU) and still decides on its whole history', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 1, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    await runner.run({ type: 'AppendMessages', sessionId: 's2', messages: [reply('x1', 's2')] });
    await expect(
      runner.run({
        type: 'AppendMessages',
        sessionId: 's1',
        messages: [{ ...reply('m5'), content: 'changed' }],
      }),
    ).rejects.toThrow(SessionRuleError);
    expect(readFrom).toEqual([0]);
  });

  it('answers a retry with the current revision and position, appending nothing', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    const first = await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: seedExampleMessages(),
    });
    const retry = await runner.run(
      { type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() },
      0,
    );
    expect([retry, await store.getStreamRevision('session-s1')]).toEqual([first, 5]);
  });

  it('refuses a stale expectedRevision with WrongExpectedRevision before appending, and keeps the state it just checked', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    const stale = runner.run(
      { type: 'AppendMessages', sessionId: 's1', messages: [reply('m6')] },
      3,
    );
    await expect(stale).rejects.toThrow(WrongExpectedRevisionError);
    await expect(stale).rejects.toMatchObject({ expectedRevision: 3, actualRevision: 5 });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m6')] });
    // The refusal came from the stream as read (revision 5), which stays cached: nothing re-read.
    expect(readFrom).toEqual([]);
  });

  it('reports a stale view as WrongExpectedRevision rather than the rule it seems to break', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: seedExampleMessages() });
    await expect(
      runner.run(
        {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...reply('m5'), content: 'changed' }],
        },
        2,
      ),
    ).rejects.toThrow(WrongExpectedRevisionError);
  });

  it('folds a session afresh when another writer deleted and recreated it under its cached state', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('a1')] });
    // Another writer deletes the session and records a message in a new stream of the same name.
    await store.deleteStream('session-s1');
    await store.append(
      'session-s1',
      [
        {
          id: '6f1d3c2e-0d5b-4e8f-9a51-3c7b2d9e4f10',
          type: 'AssistantTextRecorded',
          data: reply('b1'),
          metadata: { schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'any' },
    );
    // a1 is no longer in the log: recording it with other content is no reuse of its id.
    const again = { ...reply('a1'), content: 'a different a1' };
    const result = await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [again] });
    expect(result.revision).toBeGreaterThan(2);
    const recorded = [];
    for await (const event of store.readStream('session-s1')) {
      if (event.type === 'AssistantTextRecorded') recorded.push(event.data);
    }
    expect(recorded).toEqual([reply('b1'), again]);
  });

  it('two runners (two servers) appending without expectedRevision to one session at once: every command succeeds, each message once', async () => {
    const runners = [0, 1].map(
      () => new SessionCommandRunner(store, { cacheSize: 10, clock, backoffMs: () => 1 }),
    );
    const [first, second] = runners as [SessionCommandRunner, SessionCommandRunner];
    const answers = await Promise.allSettled(
      Array.from({ length: 60 }, (_, n) =>
        (n % 2 === 0 ? first : second).run({
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [reply(`r${n}`)],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const ids: string[] = [];
    for await (const event of store.readStream('session-s1')) {
      const id = (event.data as { id?: unknown }).id;
      if (typeof id === 'string') ids.push(id);
    }
    expect([ids.length, new Set(ids).size]).toEqual([60, 60]);
  });

  it('a command without expectedRevision that loses every race answers WriteContended after its bounded attempts, never a revision the caller did not send', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock, backoffMs: () => 0 });
    await runner.run({ type: 'AppendMessages', sessionId: 's1', messages: [reply('m1')] });
    const append = jest
      .spyOn(store, 'append')
      .mockRejectedValue(new WrongExpectedRevisionError('session-s1', 1, 2));
    const outcome = runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [reply('m2')],
    });
    await expect(outcome).rejects.toThrow(WriteContendedError);
    expect(append).toHaveBeenCalledTimes(30);
    append.mockRestore();
    // With the caller's expectedRevision, the conflict is the caller's: 409 at once.
    const stale = runner.run(
      { type: 'AppendMessages', sessionId: 's1', messages: [reply('m3')] },
      0,
    );
    await expect(stale).rejects.toThrow(WrongExpectedRevisionError);
  });

  it('writes deterministic event ids and the schema version', async () => {
    const runner = new SessionCommandRunner(store, { cacheSize: 10, clock });
    await runner.run({
      type: 'AppendMessages',
      sessionId: 's1',
      messages: [seedExampleMessages()[0]!],
    });
    const events = [];
    for await (const event of store.readStream('session-s1')) {
      events.push({ id: event.id, type: event.type, metadata: event.metadata });
    }
    expect(events).toEqual([
      {
        id: '0d262de6-306f-564a-bb83-94fa97bd0bfe',
        type: 'SessionStarted',
        metadata: { schemaVersion: 1 },
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        type: 'SystemNoteRecorded',
        metadata: { schemaVersion: 1 },
      },
    ]);
  });
});
