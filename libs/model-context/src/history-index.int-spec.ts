import { SqliteEventStore } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents, seedExampleEvents } from '@agent-ledger/testing';
import { HistoryIndex } from './history-index';
import { loadModelContext } from './load-model-context';
import type { ModelContext } from './model-context';
import { ModelContextReader } from './model-context-reader';
import { SessionLogCache } from './session-log-cache';

const stream = sessionStreamName('s1');

/** The seed's example (its system note at revision 1), then a compaction and one more turn: 10 events. */
function compactedSession(): SessionEvent[] {
  const at = '2026-04-08T10:01:00.000Z';
  return [
    ...seedExampleEvents(),
    {
      type: 'CompactBoundaryRecorded',
      data: {
        id: 'b1',
        sessionId: 's1',
        kind: 'compact_boundary',
        role: 'system',
        createdAt: at,
        content: { type: 'compact-boundary', trigger: 'manual' },
      },
    },
    {
      type: 'CompactSummaryRecorded',
      data: {
        id: 'b1-summary',
        sessionId: 's1',
        kind: 'compact_summary',
        role: 'user',
        createdAt: at,
        metadata: { summaryForBoundaryId: 'b1' },
        content: 'The login bug is in src/auth.ts.',
      },
    },
    {
      type: 'UserInputRecorded',
      data: {
        id: 'm6',
        sessionId: 's1',
        kind: 'user_input',
        role: 'user',
        createdAt: at,
        content: 'Go on.',
      },
    },
  ];
}

/** A model context without what its request read (its own cost, not part of the view). */
function comparable(context: ModelContext): unknown {
  const { window } = context.diagnostics;
  return {
    ...context,
    diagnostics: { ...context.diagnostics, window: { ...window, eventsRead: 0 } },
  };
}

/** The model context's system text, where the note from before the boundary shows or not. */
function texts(context: { messages: unknown[] }): string {
  return JSON.stringify(context.messages);
}

describe('HistoryIndex (the history before a window, kept between requests)', () => {
  it('scans a session once through the session log cache, then reads nothing again', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      await appendSessionEvents(store, 's1', compactedSession());
      const log = new SessionLogCache(store);
      const index = new HistoryIndex();
      await log.eventsFrom(stream, 0);
      const first = await index.before(log, 's1', 7);
      expect(first.systemNotes.map((logged) => logged.revision)).toEqual([1]);
      // Of the 7 events before the boundary, the store hands over the 3 of the types the index
      // looks at: the system note, the tool result, the pruning mark.
      expect(first.eventsRead).toBe(3);
      const again = await index.before(log, 's1', 7);
      expect(again.systemNotes.map((logged) => logged.revision)).toEqual([1]);
      expect(again.eventsRead).toBe(0);
      // Over the store itself, nothing tells an unchanged stream: nothing is kept.
      const plain = new HistoryIndex();
      await plain.before(store, 's1', 7);
      expect((await plain.before(store, 's1', 7)).eventsRead).toBe(3);
      expect(plain.size).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('scans afresh when the stream was truncated under it', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      await appendSessionEvents(store, 's1', compactedSession());
      const log = new SessionLogCache(store);
      const index = new HistoryIndex();
      await log.eventsFrom(stream, 0);
      await index.before(log, 's1', 7);
      // The system note (revision 1) is cut off: the cache reads the stream afresh, and the scan
      // made through its old events is not taken up again.
      await store.setStreamMetadata(stream, { truncateBefore: 2 });
      await log.eventsFrom(stream, 0);
      const truncated = await index.before(log, 's1', 7);
      expect(truncated.systemNotes).toEqual([]);
      // Revisions 2 to 6 are left: the tool result and the pruning mark among them.
      expect(truncated.eventsRead).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('lets the reader answer afresh after a truncation, a deletion and recreation, a tombstone', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = compactedSession();
      await appendSessionEvents(store, 's1', events);
      const reader = new ModelContextReader(store);
      for (const format of ['model', 'ai-sdk', 'compact'] as const) {
        expect(texts(await reader.load('s1', { format }))).toContain('Workspace root is /repo');
      }
      await store.setStreamMetadata(stream, { truncateBefore: 2 });
      for (const format of ['model', 'ai-sdk', 'compact'] as const) {
        const afresh = await reader.load('s1', { format });
        expect(comparable(afresh)).toEqual(
          comparable(await loadModelContext(store, 's1', { format })),
        );
        expect(texts(afresh)).not.toContain('Workspace root is /repo');
      }
      // Deleted, then recreated with other events: the note is back, under new revisions.
      await store.deleteStream(stream);
      await expect(reader.load('s1')).rejects.toThrow(/does not exist/);
      await appendSessionEvents(store, 's1', events);
      const recreated = await reader.load('s1', { format: 'ai-sdk' });
      expect(comparable(recreated)).toEqual(
        comparable(await loadModelContext(store, 's1', { format: 'ai-sdk' })),
      );
      expect(recreated.diagnostics.window.fromRevision).toBe(17);
      await store.tombstoneStream(stream);
      await expect(reader.load('s1')).rejects.toThrow();
      await expect(reader.load('s1', { format: 'compact' })).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
