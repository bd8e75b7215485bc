import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  InvalidEventPayloadError,
  SqliteEventStore,
  StreamNotFoundError,
  type EventToAppend,
  type RecordedEvent,
  type SubscriptionMessage,
} from '@agent-ledger/event-store';
import { describeEventStoreContract } from '@agent-ledger/event-store/testing';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { EventStoreDbEventStore } from '@agent-ledger/eventstoredb';
import { startEsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { contentAad } from './content-aad';
import { SEAL_EVERYTHING_POLICY } from './content-policy';
import { ContentSealingEventStore, sealedAppendSizeLimit } from './content-sealing-event-store';
import { SealedContentUnreadableError } from './errors';
import { sealContent } from './seal-content';
import { SqliteContentKeyStore } from './sqlite/sqlite-content-key-store';

function temporaryFolder(): { file: (name: string) => string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-sealing-'));
  return {
    file: (name) => path.join(folder, name),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

describeEventStoreContract(
  'ContentSealingEventStore over SqliteEventStore, every event sealed',
  ({ validatePayload }) => {
    const folder = temporaryFolder();
    const store = new ContentSealingEventStore({
      inner: new SqliteEventStore({
        path: folder.file('events.sqlite'),
        pageSize: 64,
        maxAppendSize: sealedAppendSizeLimit(),
      }),
      keys: new SqliteContentKeyStore({ path: folder.file('content-keys.sqlite') }),
      validatePayload,
      policy: SEAL_EVERYTHING_POLICY,
    });
    return Promise.resolve({
      store,
      cleanup: async () => {
        await store.close();
        folder.remove();
      },
    });
  },
);

describeEventStoreContract(
  'ContentSealingEventStore over EventStoreDbEventStore on the emulator, every event sealed',
  async ({ validatePayload }) => {
    const folder = temporaryFolder();
    const emulator = await startEsdbEmulator();
    const store = new ContentSealingEventStore({
      inner: new EventStoreDbEventStore({
        connectionString: emulator.connectionString,
        logger: { warn: () => undefined },
      }),
      keys: new SqliteContentKeyStore({ path: folder.file('content-keys.sqlite') }),
      validatePayload,
      policy: SEAL_EVERYTHING_POLICY,
    });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await emulator.close();
        folder.remove();
      },
    };
  },
);

describe('ContentSealingEventStore with the session policy', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let inner: SqliteEventStore;
  let keys: SqliteContentKeyStore;
  let store: ContentSealingEventStore;
  beforeEach(() => {
    folder = temporaryFolder();
    inner = new SqliteEventStore({
      path: folder.file('events.sqlite'),
      maxAppendSize: sealedAppendSizeLimit(),
      pollIntervalMs: 20,
    });
    keys = new SqliteContentKeyStore({ path: folder.file('content-keys.sqlite') });
    store = new ContentSealingEventStore({
      inner,
      keys,
      validatePayload: validateSessionEventPayload,
    });
  });
  afterEach(async () => {
    await store.close();
    folder.remove();
  });

  const createdAt = '2026-01-01T00:00:00.000Z';
  const userInput = (sessionId: string, id: string, text: string): EventToAppend => ({
    id: randomUUID(),
    type: 'UserInputRecorded',
    data: { id, sessionId, role: 'user', kind: 'user_input', createdAt, content: text },
    metadata: { schemaVersion: 1 },
  });
  const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
    const all: T[] = [];
    for await (const item of items) all.push(item);
    return all;
  };
  const storedData = async (stream: string): Promise<unknown[]> =>
    (await collect(inner.readStream(stream))).map((event) => event.data);

  it('stores the structure in plain text and the content sealed, and reads back what was appended', async () => {
    const event = userInput('s1', 'm1', 'the word is heliotrope');
    await store.append('session-s1', [event]);
    const [stored] = await storedData('session-s1');
    expect(stored).toMatchObject({
      id: 'm1',
      sessionId: 's1',
      role: 'user',
      kind: 'user_input',
      createdAt,
      sealed: { v: 2 },
    });
    expect(JSON.stringify(stored)).not.toContain('heliotrope');
    const [read] = await collect(store.readStream('session-s1'));
    expect(read?.data).toEqual(event.data);
    expect(read?.metadata).toEqual(event.metadata);
  });

  it('leaves other streams and types as they are', async () => {
    const unchecked = new ContentSealingEventStore({ inner, keys });
    await unchecked.append('audit-erasures', [
      { id: randomUUID(), type: 'ErasureRecorded', data: { n: 1 } },
    ]);
    await unchecked.append('session-s1', [
      { id: randomUUID(), type: 'SomethingNewer', data: { n: 2 } },
    ]);
    expect(await storedData('audit-erasures')).toEqual([{ n: 1 }]);
    expect(await storedData('session-s1')).toEqual([{ n: 2 }]);
  });

  it('refuses an invalid plain payload with the error a store without encryption gives', async () => {
    const bad: EventToAppend = {
      id: randomUUID(),
      type: 'UserInputRecorded',
      data: { id: 'm1', sessionId: 's1', role: 'user', kind: 'user_input', createdAt },
      metadata: { schemaVersion: 1 },
    };
    const plain = new SqliteEventStore({
      path: ':memory:',
      validatePayload: validateSessionEventPayload,
    });
    const expected = await plain.append('session-s1', [bad]).catch((error: unknown) => error);
    await plain.close();
    const error = await store.append('session-s1', [bad]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidEventPayloadError);
    expect(error).toEqual(expected);
    expect(await store.getStreamRevision('session-s1')).toBeUndefined();
  });

  it('answers a retry of the same ids idempotently, though it seals them anew', async () => {
    const events = [userInput('s1', 'm1', 'one'), userInput('s1', 'm2', 'two')];
    const first = await store.append('session-s1', events, { expectedRevision: 'no_stream' });
    const retry = await store.append('session-s1', events, { expectedRevision: 'no_stream' });
    expect(retry).toEqual(first);
    expect(await collect(store.readStream('session-s1'))).toHaveLength(2);
  });

  it('hides a shredded stream: readStream not found, readAll skips it, a subscription checkpoints past it', async () => {
    await store.append('session-gone', [userInput('gone', 'm1', 'erase me')]);
    const kept = await store.append('session-kept', [userInput('kept', 'm1', 'keep me')]);
    expect(await keys.destroyKeysOf('session-gone')).toBe(1);

    await expect(collect(store.readStream('session-gone'))).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
    await expect(
      collect(store.readStream('session-gone', { direction: 'backwards' })),
    ).rejects.toBeInstanceOf(StreamNotFoundError);
    const all = await collect(store.readAll());
    expect(all.map((event) => event.streamName)).toEqual(['session-kept']);
    expect((await store.listStreamsInAll()).map((stream) => stream.streamName)).toEqual([
      'session-kept',
    ]);

    const subscription = store.subscribeToAll();
    const messages: SubscriptionMessage[] = [];
    for await (const message of subscription) {
      messages.push(message);
      if (message.kind === 'caughtUp') break;
    }
    await subscription.close();
    const [goneEvent] = await collect(inner.readStream('session-gone'));
    expect(messages).toEqual([
      { kind: 'checkpoint', position: goneEvent?.position },
      {
        kind: 'event',
        event: expect.objectContaining({ streamName: 'session-kept' }) as RecordedEvent,
      },
      { kind: 'caughtUp', position: kept.position },
    ]);
  });

  it('refuses to open a sealed payload that was changed, or moved to another stream', async () => {
    await store.append('session-s1', [userInput('s1', 'm1', 'original')]);
    const [recorded] = await collect(inner.readStream('session-s1'));
    const data = recorded?.data as { role: string; sealed: { box: string } };
    const bytes = Buffer.from(data.sealed.box, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    // Written below the wrapper, as someone with access to the log could.
    await inner.append('session-s1', [
      {
        id: randomUUID(),
        type: 'UserInputRecorded',
        data: { ...data, sealed: { ...data.sealed, box: bytes.toString('base64') } },
      },
    ]);
    await inner.append('session-s2', [{ id: recorded?.id ?? '', type: 'UserInputRecorded', data }]);
    await expect(collect(store.readStream('session-s1'))).rejects.toBeInstanceOf(
      SealedContentUnreadableError,
    );
    await expect(collect(store.readStream('session-s2'))).rejects.toThrow(
      /belongs to "session-s1"/,
    );
  });

  it('refuses to open an event whose readable fields were changed in the log', async () => {
    await store.append('session-s1', [userInput('s1', 'm1', 'original')]);
    // Changed in the file, as someone with access to it could: same stream, id and type.
    const file = new Database(folder.file('events.sqlite'));
    file.prepare(`UPDATE events SET data = json_set(data, '$.role', 'assistant')`).run();
    file.close();
    const [changed] = await storedData('session-s1');
    expect(changed).toMatchObject({ role: 'assistant' });
    await expect(collect(store.readStream('session-s1'))).rejects.toThrow(/does not authenticate/);
  });

  it('opens version 1 sealed parts (the whole payload sealed) written before version 2', async () => {
    const event = userInput('s1', 'm1', 'sealed whole');
    const key = await keys.currentKeyOf('session-s1');
    const id = randomUUID();
    const sealed = sealContent({
      plaintext: JSON.stringify(event.data),
      keyId: key.id,
      key: key.material,
      iv: randomBytes(12),
      aad: contentAad('session-s1', id, event.type),
    });
    const { content: _content, ...readable } = event.data as Record<string, unknown>;
    await inner.append('session-s1', [{ id, type: event.type, data: { ...readable, sealed } }]);
    const [read] = await collect(store.readStream('session-s1'));
    expect(JSON.stringify(read?.data)).toBe(JSON.stringify(event.data));
  });

  it('opens sealed events when sealing is off, and writes new ones in plain text', async () => {
    await store.append('session-s1', [userInput('s1', 'm1', 'sealed before')]);
    const unsealing = new ContentSealingEventStore({ inner, keys, seal: false });
    await unsealing.append('session-s1', [userInput('s1', 'm2', 'plain after')]);
    const stored = await storedData('session-s1');
    expect(JSON.stringify(stored[0])).not.toContain('sealed before');
    expect(JSON.stringify(stored[1])).toContain('plain after');
    const read = await collect(unsealing.readStream('session-s1'));
    expect(read.map((event) => (event.data as { content: string }).content)).toEqual([
      'sealed before',
      'plain after',
    ]);
  });
});
