import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore, type SubscriptionMessage } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { openReadModelDatabase } from '../database/open-read-model-database';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { listFailedEvents } from './list-failed-events';
import { parseSessionLogEvent } from './parse-session-log-event';
import type { ProjectionHandler } from './projection-handler';
import { ProjectionRunner, SESSION_STREAMS_FILTER, type CommittedBatch } from './projection-runner';
import { ReadAhead } from './read-ahead';

/**
 * The log read on a second thread while catching up: 10 sessions of 200 user inputs, appended
 * in turns of 20, with an event its schema refuses, an unknown event type and a stream that is no
 * session's (skipped by the filter, hence checkpoints) along the way.
 */
const SESSIONS = Array.from({ length: 10 }, (_, index) => `s${index}`);

let dir: string;
let eventStorePath: string;
let store: SqliteEventStore;

const userInput = (sessionId: string, index: number): SessionEvent => ({
  type: 'UserInputRecorded',
  data: {
    id: `m${index}`,
    sessionId,
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T11:00:00.000Z',
    content: `Message ${index} of ${sessionId}.`,
  },
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-models-read-ahead-'));
  eventStorePath = path.join(dir, 'events.sqlite');
  store = new SqliteEventStore({ path: eventStorePath });
  for (let turn = 0; turn < 10; turn += 1) {
    for (const sessionId of SESSIONS) {
      const events = Array.from({ length: 20 }, (_, index) =>
        userInput(sessionId, turn * 20 + index),
      );
      await appendSessionEvents(store, sessionId, events);
    }
    if (turn === 4) {
      await store.append(sessionStreamName('s3'), [
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'UserInputRecorded',
          data: { id: 'bad', kind: 'user_input', content: 42 },
          metadata: { schemaVersion: 1 },
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'SomethingNewHappened',
          data: {},
          metadata: { schemaVersion: 1 },
        },
      ]);
      await store.append(
        'other-stream',
        Array.from({ length: 120 }, (_, index) => ({
          id: `00000000-0000-4000-8001-${String(index).padStart(12, '0')}`,
          type: 'Unrelated',
          data: { index },
          metadata: {},
        })),
      );
    }
  }
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ReadAhead', () => {
  /** The messages of `$all` up to `caughtUp`, each event with what `parseSessionLogEvent` makes of it. */
  async function subscribed(fromPosition: number | null) {
    const messages = [];
    const subscription = store.subscribeToAll({
      fromPosition: fromPosition ?? 'start',
      filter: SESSION_STREAMS_FILTER,
      checkpointInterval: 50,
    });
    for await (const message of subscription as AsyncIterable<SubscriptionMessage>) {
      messages.push(
        message.kind === 'event'
          ? { ...message, parsed: parseSessionLogEvent(message.event) }
          : message,
      );
      if (message.kind === 'caughtUp') break;
    }
    await subscription.close();
    return messages;
  }

  it.each([[null], [1500]])(
    'from position %p: the subscription’s messages, each event parsed and checked',
    async (fromPosition) => {
      const readAhead = new ReadAhead({ eventStorePath }, 50);
      const messages = [];
      try {
        for await (const message of readAhead.messages(fromPosition)) messages.push(message);
      } finally {
        await readAhead.close();
      }
      const expected = await subscribed(fromPosition);
      expect(messages).toEqual(expected);
      const refused = messages.flatMap((message) =>
        message.kind === 'event' && !message.parsed.ok ? [message.event.id] : [],
      );
      expect(refused).toEqual(
        fromPosition === null
          ? ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']
          : [],
      );
      expect(messages.some((message) => message.kind === 'checkpoint')).toBe(fromPosition === null);
    },
    30_000,
  );

  it('fails the iteration when its thread cannot open the store', async () => {
    const readAhead = new ReadAhead(
      { eventStorePath: path.join(eventStorePath, 'not-a-folder', 'x') },
      50,
    );
    try {
      await expect(readAhead.messages(null).next()).rejects.toThrow();
    } finally {
      await readAhead.close();
    }
  }, 30_000);
});

describe('ProjectionRunner reading ahead', () => {
  /** A rebuild into a fresh file; its batches, what it logged, failed events and read models. */
  /** A rebuild, with `readAhead` (the file the thread reads, or the store's) or without. */
  async function rebuild(readAhead: boolean | string) {
    const db = openReadModelDatabase(path.join(dir, `read-models-${randomUUID()}.sqlite`));
    const logged: string[] = [];
    const batches: CommittedBatch[] = [];
    let handedOver = false;
    // Slow batches until the second thread has taken over, so that it does (its start-up, the
    // TypeScript hook compiling its modules, outlasts a fast rebuild of this small log).
    const slow: ProjectionHandler = {
      name: 'slow',
      version: '1',
      setUp: () => undefined,
      drop: () => undefined,
      apply: () => undefined,
      endBatch: () => {
        const until = Date.now() + 20;
        while (readAhead !== false && !handedOver && Date.now() < until);
      },
    };
    const runner = new ProjectionRunner({
      store,
      db,
      handlers: [...createReadModelHandlers(db), slow],
      batchSize: 20,
      now: () => new Date('2026-04-08T12:00:00.000Z'),
      logger: {
        log: (line) => {
          logged.push(line);
          handedOver = true;
        },
        warn: () => undefined,
        error: () => undefined,
      },
      onBatchCommitted: (batch) => batches.push(batch),
      ...(readAhead === false
        ? {}
        : { readAhead: { eventStorePath: readAhead === true ? eventStorePath : readAhead } }),
    });
    const position = await runner.rebuild();
    const result = {
      position,
      batches,
      failed: listFailedEvents(db),
      readModels: SESSIONS.map((sessionId) => readSessionReadModels(db, sessionId)),
      // The stored texts themselves (the handlers store the JSON the thread sent, not their own),
      // and the search index's segments (its text, too, was made by the thread).
      storedJson: ['rm_messages', 'rm_search_messages'].map((table) =>
        db.prepare(`SELECT message FROM ${table} ORDER BY rowid`).pluck().all(),
      ),
      searchIndex: db.prepare('SELECT id, block FROM rm_search_index_data ORDER BY id').all(),
    };
    db.close();
    return { logged, result };
  }

  it('commits the same batches, records the same failed events and writes the same rows', async () => {
    const inline = await rebuild(false);
    const ahead = await rebuild(true);
    expect(inline.logged).toEqual([]);
    expect(ahead.logged).toEqual([
      expect.stringMatching(
        /^Projection runner: reading the log on a second thread from position \d+\.$/,
      ),
    ]);
    expect(ahead.result).toEqual(inline.result);
    expect(inline.result.failed.map((failed) => failed.eventId)).toEqual([
      ...Array<string>(4).fill('00000000-0000-4000-8000-000000000001'),
      ...Array<string>(4).fill('00000000-0000-4000-8000-000000000002'),
    ]);
    expect(inline.result.batches.length).toBeGreaterThan(100);
  }, 60_000);

  it('reads by itself when the thread finds no event store at the path it was given', async () => {
    // Opened, a missing file would be an empty store: handed over to, the rebuild would end early.
    const inline = await rebuild(false);
    const missing = await rebuild(path.join(dir, 'missing', 'events.sqlite'));
    expect(missing).toEqual(inline);
  }, 60_000);
});
