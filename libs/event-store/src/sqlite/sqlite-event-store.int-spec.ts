import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AppendTooLargeError, WrongExpectedRevisionError } from '../errors';
import type { SubscriptionMessage } from '../event-store';
import { brief, collect, newEvent, newEvents } from '../testing/contract-helpers';
import { describeEventStoreContract } from '../testing/event-store-contract';
import { SqliteEventStore } from './sqlite-event-store';
import { temporaryFolder, type TemporaryFolder } from './sqlite-store-fixture';

describeEventStoreContract('SqliteEventStore', ({ validatePayload }) => {
  const folder = temporaryFolder();
  const store = new SqliteEventStore({
    path: folder.file('events.sqlite'),
    validatePayload,
    pageSize: 64,
  });
  return Promise.resolve({
    store,
    cleanup: async () => {
      await store.close();
      folder.remove();
    },
  });
});

describeEventStoreContract(
  'SqliteEventStore, writes on its worker thread',
  async ({ validatePayload }) => {
    const folder = temporaryFolder();
    const store = new SqliteEventStore({
      path: folder.file('events.sqlite'),
      validatePayload,
      pageSize: 64,
      workerStartDelayMs: 0,
    });
    await store.writerReady();
    return {
      store,
      cleanup: async () => {
        await store.close();
        folder.remove();
      },
    };
  },
);

describeEventStoreContract('SqliteEventStore, writes on its own thread', ({ validatePayload }) => {
  const folder = temporaryFolder();
  const store = new SqliteEventStore({
    path: folder.file('events.sqlite'),
    validatePayload,
    pageSize: 64,
    writer: 'inline',
  });
  return Promise.resolve({
    store,
    cleanup: async () => {
      await store.close();
      folder.remove();
    },
  });
});

describe('SqliteEventStore on its file', () => {
  let folder: TemporaryFolder;
  const opened: SqliteEventStore[] = [];
  const open = (options: Partial<ConstructorParameters<typeof SqliteEventStore>[0]> = {}) => {
    const store = new SqliteEventStore({ path: folder.file('events.sqlite'), ...options });
    opened.push(store);
    return store;
  };
  beforeEach(() => {
    folder = temporaryFolder();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    folder.remove();
  });

  it('creates its folder and the file in WAL mode', () => {
    const store = new SqliteEventStore({ path: folder.file('nested/data/events.sqlite') });
    opened.push(store);
    const raw = new Database(folder.file('nested/data/events.sqlite'));
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('keeps everything across a close and a reopen, positions going on', async () => {
    const first = open();
    const events = newEvents('Placed', 3);
    const { position } = await first.append('order-1', events, { expectedRevision: 'no_stream' });
    await first.close();
    const second = open();
    expect((await collect(second.readStream('order-1'))).map((event) => event.id)).toEqual(
      events.map((event) => event.id),
    );
    const next = await second.append('order-2', [newEvent('Placed')]);
    expect(next.position).toBeGreaterThan(position);
  });

  it('never reuses a position, even when the last rows were deleted by hand', async () => {
    const store = open();
    const { position } = await store.append('order-1', newEvents('Placed', 3));
    const raw = new Database(folder.file('events.sqlite'));
    raw.prepare('DELETE FROM events WHERE position >= ?').run(position - 1);
    raw.close();
    const next = await store.append('order-2', [newEvent('Placed')]);
    expect(next.position).toBe(position + 1);
  });

  it('refuses a file written by a newer schema', () => {
    open();
    const raw = new Database(folder.file('events.sqlite'));
    raw.pragma('user_version = 2');
    raw.close();
    expect(() => open()).toThrow('schema version 2');
  });

  describe('two instances on one file (cooperating, as two processes would)', () => {
    it('let exactly one of two appenders with the same expected revision win', async () => {
      const [left, right] = [open(), open()];
      await left.append('order-1', [newEvent('Placed')], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled([
        left.append('order-1', [newEvent('Paid')], { expectedRevision: 0 }),
        right.append('order-1', [newEvent('Cancelled')], { expectedRevision: 0 }),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await right.getStreamRevision('order-1')).toBe(1);
    });

    it('share one sequence of positions', async () => {
      const [left, right] = [open(), open()];
      for (let index = 0; index < 20; index += 1) {
        await (index % 2 === 0 ? left : right).append(`order-${index % 3}`, newEvents('Placed', 2));
      }
      const positions = (await collect(left.readAll())).map((event) => event.position);
      expect(positions).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    });

    it("see each other's appends in a subscription, by polling", async () => {
      const [writer, reader] = [open(), open({ pollIntervalMs: 10 })];
      const subscription = reader.subscribeToAll();
      const messages: SubscriptionMessage[] = [];
      for await (const message of subscription) {
        messages.push(message);
        if (message.kind === 'caughtUp') await writer.append('order-1', [newEvent('Placed')]);
        if (message.kind === 'event') break;
      }
      expect(messages.map((message) => message.kind)).toEqual(['caughtUp', 'event']);
    });
  });

  it('gives a checkpoint after every checkpointInterval skipped events', async () => {
    const store = open();
    const skipped = [];
    for (let index = 0; index < 7; index += 1) {
      skipped.push((await store.append('other-1', [newEvent('Other')])).position);
    }
    const wantedEvent = newEvent('Wanted');
    const wanted = await store.append('wanted-1', [wantedEvent]);
    const messages: SubscriptionMessage[] = [];
    const subscription = store.subscribeToAll({
      filter: { on: 'streamName', prefixes: ['wanted-'] },
      checkpointInterval: 3,
    });
    for await (const message of subscription) {
      messages.push(message);
      if (message.kind === 'caughtUp') break;
    }
    expect(messages.map(brief)).toEqual([
      { kind: 'checkpoint', position: skipped[2] },
      { kind: 'checkpoint', position: skipped[5] },
      { kind: 'event', id: wantedEvent.id, position: wanted.position },
      { kind: 'caughtUp', position: wanted.position },
    ]);
  });

  it('hides events older than maxAge from stream reads, by its clock', async () => {
    let now = new Date('2026-01-01T10:00:00.000Z');
    const store = open({ now: () => now });
    await store.append('order-1', [newEvent('Placed')]);
    now = new Date('2026-01-01T10:10:00.000Z');
    const recent = newEvent('Paid');
    await store.append('order-1', [recent]);
    await store.setStreamMetadata('order-1', { maxAge: 300 });
    now = new Date('2026-01-01T10:12:00.000Z');
    const read = await collect(store.readStream('order-1'));
    expect(read.map((event) => [event.id, event.createdAt])).toEqual([
      [recent.id, '2026-01-01T10:10:00.000Z'],
    ]);
  });

  it('counts data and metadata JSON bytes against a configured size limit', async () => {
    const store = open({ maxAppendSize: 40 });
    const fits = { ...newEvent('Note', { text: 'x'.repeat(22) }), metadata: { a: 1 } };
    await store.append('notes-1', [fits]);
    const over = { ...newEvent('Note', { text: `${'é'.repeat(11)}x` }), metadata: { a: 1 } };
    const error = await store.append('notes-1', [over]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppendTooLargeError);
    expect(error).toMatchObject({ size: 41, limit: 40 });
  });

  it.each([
    ['on its own thread', { writer: 'inline' as const }],
    ['on its worker thread', { workerStartDelayMs: 0 }],
  ])(
    'erases a stream %s so that no file of the store holds its bytes, and keeps the others',
    async (_, options) => {
      const store = open(options);
      await store.writerReady();
      const erased = 'ERASEDTOKEN7f3a';
      const kept = 'KEPTTOKEN91c2';
      await store.append('notes-erased', [
        newEvent('Note', { text: `${erased} `.repeat(200) }),
        newEvent('Note', { text: erased }),
      ]);
      await store.setStreamMetadata('notes-erased', { customMetadata: { owner: erased } });
      await store.append('notes-kept', [newEvent('Note', { text: kept })]);
      expect(filesHolding(folder.path, erased)).not.toEqual([]);

      expect(await store.eraseStream('notes-erased')).toEqual({ erasedEvents: 3, physical: true });

      expect(filesHolding(folder.path, erased)).toEqual([]);
      expect(filesHolding(folder.path, kept)).not.toEqual([]);
      const all = await collect(store.readAll());
      expect(all.map((event) => event.streamName)).toEqual(['notes-kept']);
    },
  );
});

/** The files under `folder` whose bytes hold `token` (as UTF-8, or in lower case). */
function filesHolding(folder: string, token: string): string[] {
  return readdirSync(folder).filter((name) => {
    const bytes = readFileSync(join(folder, name));
    return bytes.includes(token) || bytes.includes(token.toLowerCase());
  });
}
