import fc from 'fast-check';
import {
  SqliteEventStore,
  StreamNotFoundError,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { arbitrarySessionHistory, seedExampleEvents } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { loadModelContext } from './load-model-context';
import type { ModelContextFormat, ModelContextQuery } from './model-context';
import { ModelContextReader } from './model-context-reader';
import type { SessionLog } from './session-log';
import { SessionLogCache } from './session-log-cache';

const formats: ModelContextFormat[] = ['model', 'ai-sdk', 'ai-sdk-prompt', 'compact'];

/**
 * The model context through the cache, and by a fresh replay of the log, for the same query;
 * `eventsRead` aside, which says what each request read (the cache reads only what is new).
 */
async function bothWays(
  store: SqliteEventStore,
  reader: ModelContextReader,
  query: ModelContextQuery,
) {
  const attempt = (cache: boolean) =>
    (cache ? reader.load('s1', query) : loadModelContext(store, 's1', query)).then(
      (context) => ({
        context: {
          ...context,
          diagnostics: {
            ...context.diagnostics,
            window: { ...context.diagnostics.window, eventsRead: 'not compared' },
          },
        },
      }),
      (error: unknown) => ({ error: String(error) }),
    );
  return { cached: await attempt(true), replayed: await attempt(false) };
}

describe('SessionLogCache (the model context read through it)', () => {
  it('gives what a fresh replay gives, after every append, at any revision and in any format', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1, maxSteps: 20, faults: true }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ format: fc.constantFrom(...formats), back: fc.nat(8) }), {
          minLength: 5,
          maxLength: 5,
        }),
        async (events, cuts, queries) => {
          const store = new SqliteEventStore({ path: ':memory:' });
          const reader = new ModelContextReader(store);
          try {
            const ends = [...new Set(cuts.map((cut) => 1 + (cut % events.length)))].sort(
              (a, b) => a - b,
            );
            let appended = 0;
            for (const [step, end] of [...ends, events.length].entries()) {
              if (end > appended)
                await appendSessionEvents(store, 's1', events.slice(appended, end));
              appended = Math.max(appended, end);
              const { format, back } = queries[step % queries.length]!;
              const latest = await bothWays(store, reader, { format, activeAgentName: 'main' });
              expect(latest.cached).toEqual(latest.replayed);
              const past = await bothWays(store, reader, {
                format,
                atRevision: Math.max(0, appended - 1 - back),
              });
              expect(past.cached).toEqual(past.replayed);
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads only the events appended since, and serves the rest from memory', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const reader = new ModelContextReader(store);
      const events = seedExampleEvents();
      await appendSessionEvents(store, 's1', events.slice(0, 3));
      await reader.load('s1');
      const read = jest.spyOn(store, 'readStream');
      await appendSessionEvents(store, 's1', events.slice(3));
      const context = await reader.load('s1');
      expect(context.revision).toBe(events.length - 1);
      // One read from the last cached event (revision 2, checked) to the end.
      expect(read.mock.calls.map(([, options]) => options)).toEqual([{ fromRevision: 2 }]);
      expect(reader.log.size.streams).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('reads afresh when the log changed under it: truncated, deleted, replaced', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const reader = new ModelContextReader(store);
      const events = seedExampleEvents();
      await appendSessionEvents(store, 's1', events);
      expect(await reader.load('s1')).toEqual(await loadModelContext(store, 's1'));
      await store.setStreamMetadata(sessionStreamName('s1'), { truncateBefore: 2 });
      const truncated = await bothWays(store, reader, { format: 'model' });
      expect(truncated.cached).toEqual(truncated.replayed);
      await store.deleteStream(sessionStreamName('s1'));
      const deleted = await bothWays(store, reader, { format: 'model' });
      expect(deleted.cached).toEqual(deleted.replayed);
      expect(deleted.cached).toHaveProperty('error');
      await appendSessionEvents(store, 's1', events.slice(0, 2));
      const recreated = await bothWays(store, reader, { format: 'ai-sdk' });
      expect(recreated.cached).toEqual(recreated.replayed);
    } finally {
      await store.close();
    }
  });

  it('gives the events from a revision on in one array, as readStream gives them', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = seedExampleEvents();
      await appendSessionEvents(store, 's1', events);
      const stream = sessionStreamName('s1');
      const read = async (from: SessionLog, revision: number) => {
        const all = [];
        for await (const recorded of from.readStream(stream, { fromRevision: revision })) {
          all.push(recorded);
        }
        return all;
      };
      const cache = new SessionLogCache(store);
      for (const revision of [0, 3, events.length - 1, events.length + 2]) {
        const held = await cache.eventsFrom(stream, revision);
        expect(held).toEqual(await read(store, revision));
        // Served from memory: the same frozen objects the cache's readStream gives.
        const served = await read(cache, revision);
        expect(held.length).toBe(served.length);
        held.forEach((recorded, index) => expect(recorded).toBe(served[index]));
      }
      const [first] = await cache.eventsFrom(stream, 2);
      expect((await cache.eventsFrom(stream, 2))[0]).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      // A stream the cache does not hold is read from the store; a missing one throws as it does.
      const tiny = new SessionLogCache(store, 10);
      expect(await tiny.eventsFrom(stream, 1)).toEqual(await read(store, 1));
      await expect(cache.eventsFrom(sessionStreamName('nobody'), 0)).rejects.toThrow(
        StreamNotFoundError,
      );
    } finally {
      await store.close();
    }
  });

  it('keeps within its bound, dropping the least recently read stream', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = seedExampleEvents();
      for (const sessionId of ['a', 'b']) await appendSessionEvents(store, sessionId, events);
      const probe = new ModelContextReader(store);
      await probe.load('a');
      const one = probe.log.size.chars;
      const reader = new ModelContextReader(store, { cacheChars: Math.floor(one * 1.5) });
      await reader.load('a');
      await reader.load('b');
      expect(reader.log.size).toEqual({ streams: 1, chars: one });
      // A stream larger than the whole bound is read from the store every time.
      const tiny = new ModelContextReader(store, { cacheChars: 10 });
      expect(await tiny.load('a')).toEqual(await loadModelContext(store, 'a'));
      expect(tiny.log.size).toEqual({ streams: 0, chars: 0 });
    } finally {
      await store.close();
    }
  });
  it('takes a stream up by its last event and keeps only as much before it as reads went back', async () => {
    const store = new SqliteEventStore({ path: ':memory:', pageSize: 4 });
    try {
      await appendSessionEvents(store, 's1', longSession(20, 18));
      const stream = sessionStreamName('s1');
      const last = (await collect(store.readStream(stream, { direction: 'backwards' })))[0]!;
      const cache = new SessionLogCache(store);
      const tail = await collect(cache.readStream(stream, { direction: 'backwards', maxCount: 3 }));
      const revisions = (read: RecordedEvent[]) => read.map((recorded) => recorded.revision);
      expect(revisions(tail)).toEqual([last.revision, last.revision - 1, last.revision - 2]);
      expect(cache.eventAt(stream, last.revision - 2)).toBe(tail[2]);
      expect(cache.eventAt(stream, last.revision - 3)).toBeUndefined();
      // Further back, across the store's pages: joined to what is held, the same objects kept.
      const back = await collect(
        cache.readStream(stream, { direction: 'backwards', maxCount: 15 }),
      );
      expect(back.slice(0, 3)).toEqual(tail);
      back.slice(0, 3).forEach((recorded, index) => expect(recorded).toBe(tail[index]));
      expect(cache.eventAt(stream, last.revision - 14)).toBe(back[14]);
      // A forward read that stops before what is held keeps nothing; one that reaches it joins it.
      const head = await collect(cache.readStream(stream, { maxCount: 2 }));
      expect(revisions(head)).toEqual([0, 1]);
      expect(cache.eventAt(stream, 0)).toBeUndefined();
      const whole = await cache.eventsFrom(stream, 0);
      expect(whole).toEqual(await collect(store.readStream(stream)));
      expect(cache.eventAt(stream, 0)).toBe(whole[0]);
      expect(whole.every((recorded) => Object.isFrozen(recorded))).toBe(true);
      expect(cache.eventAt(stream, last.revision)).toBe(tail[0]);
    } finally {
      await store.close();
    }
  });

  it('reads some types as the store does, before and within what it holds', async () => {
    const store = new SqliteEventStore({ path: ':memory:', pageSize: 4 });
    try {
      await appendSessionEvents(store, 's1', longSession(30, 25));
      const stream = sessionStreamName('s1');
      const cache = new SessionLogCache(store);
      await collect(cache.readStream(stream, { direction: 'backwards', maxCount: 12 }));
      const types = ['SystemNoteRecorded', 'CompactBoundaryRecorded', 'AssistantTextRecorded'];
      for (const options of [
        { types },
        { types, maxCount: 5 },
        { types, fromRevision: 20 },
        { types, direction: 'backwards' as const },
        { types, direction: 'backwards' as const, fromRevision: 40, maxCount: 7 },
      ]) {
        const summary = (read: RecordedEvent[]) => read.map((recorded) => recorded.id);
        expect(summary(await collect(cache.readStream(stream, options)))).toEqual(
          summary(await collect(store.readStream(stream, options))),
        );
      }
    } finally {
      await store.close();
    }
  });

  it('answers the first model context of a long session (a fresh reader) by reading its window, not its history', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = longSession(600, 590);
      await appendSessionEvents(store, 's1', events);
      let handedOver = 0;
      const counting = {
        getStreamMetadata: (streamName: string) => store.getStreamMetadata(streamName),
        readStream: async function* (streamName: string, options?: ReadStreamOptions) {
          for await (const recorded of store.readStream(streamName, options)) {
            handedOver += 1;
            yield recorded;
          }
        },
      };
      const reader = new ModelContextReader(counting);
      const context = await reader.load('s1', { format: 'ai-sdk' });
      expect(context).toEqual(await loadModelContext(store, 's1', { format: 'ai-sdk' }));
      // The window (the boundary on), a store page of it at most, and the system note before it.
      expect(handedOver).toBeLessThan(60);
      expect(JSON.stringify(context.messages)).toContain('Workspace root is /repo');
      const window = await new ModelContextReader(store).windowEvents('s1');
      expect(window.events.map((logged) => logged.revision)).toEqual(
        (await reader.windowEvents('s1')).events.map((logged) => logged.revision),
      );
    } finally {
      await store.close();
    }
  });
});

/** Everything an async iterable yields. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

/**
 * A session of `turns` user inputs and answers after a system note, with a compact boundary and
 * its summary before the turn `boundaryAt`.
 */
function longSession(turns: number, boundaryAt: number): SessionEvent[] {
  const at = '2026-04-08T10:00:00.000Z';
  const base = (id: string) => ({ id, sessionId: 's1', createdAt: at });
  const events: SessionEvent[] = [
    { type: 'SessionStarted', data: { sessionId: 's1', startedAt: at } },
    {
      type: 'SystemNoteRecorded',
      data: {
        ...base('note'),
        kind: 'system_note',
        role: 'system',
        content: 'Workspace root is /repo',
      },
    },
  ];
  for (let turn = 0; turn < turns; turn += 1) {
    if (turn === boundaryAt) {
      events.push(
        {
          type: 'CompactBoundaryRecorded',
          data: {
            ...base('b1'),
            kind: 'compact_boundary',
            role: 'system',
            content: { type: 'compact-boundary', trigger: 'auto' },
          },
        },
        {
          type: 'CompactSummaryRecorded',
          data: {
            ...base('b1-summary'),
            kind: 'compact_summary',
            role: 'user',
            metadata: { summaryForBoundaryId: 'b1' },
            content: 'The story so far.',
          },
        },
      );
    }
    events.push(
      {
        type: 'UserInputRecorded',
        data: {
          ...base(`u${turn}`),
          kind: 'user_input',
          role: 'user',
          content: `Question ${turn}`,
        },
      },
      {
        type: 'AssistantTextRecorded',
        data: {
          ...base(`a${turn}`),
          kind: 'assistant_text',
          role: 'assistant',
          content: `Answer ${turn}`,
        },
      },
    );
  }
  return events;
}
