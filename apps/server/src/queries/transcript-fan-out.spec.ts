import type { CommittedBatch, TranscriptCursor, TranscriptEntry } from '@agent-ledger/read-models';
import fc from 'fast-check';
import { TranscriptFanOut, type TranscriptView } from './transcript-fan-out';

/**
 * A transcript read model in memory, with the reader's cursor rules: entries in `seq` order, each
 * with the revision that recorded it and the revision that last changed it (a pruning).
 */
class TranscriptTable {
  readonly rows = new Map<string, Array<TranscriptEntry & { recordedAt: number }>>();
  reads = 0;

  add(sessionId: string, revision: number, text: string): void {
    const rows = this.rows.get(sessionId) ?? [];
    this.rows.set(sessionId, rows);
    const message = { id: `m${revision}`, kind: 'user_input', role: 'user', content: text };
    rows.push({ seq: rows.length, revision, recordedAt: revision, message } as never);
  }

  /** A pruning at `revision` changes the entry `seq` (when there is one). */
  change(sessionId: string, seq: number, revision: number): void {
    const row = this.rows.get(sessionId)?.[seq];
    if (row !== undefined) row.revision = revision;
  }

  transcriptCursorAt(sessionId: string, revision: number): TranscriptCursor {
    const rows = (this.rows.get(sessionId) ?? []).filter((row) => row.recordedAt <= revision);
    return { afterSeq: rows.at(-1)?.seq ?? -1, afterRevision: revision };
  }

  transcriptChanges(
    sessionId: string,
    cursor: TranscriptCursor,
  ): { entries: TranscriptEntry[]; cursor: TranscriptCursor } {
    this.reads += 1;
    const rows = this.rows.get(sessionId) ?? [];
    const entry = ({ seq, revision, message }: TranscriptEntry): TranscriptEntry => ({
      seq,
      revision,
      message,
    });
    const changed = rows
      .filter((row) => row.seq <= cursor.afterSeq && row.revision > cursor.afterRevision)
      .map(entry);
    const added = rows.filter((row) => row.seq > cursor.afterSeq).map(entry);
    const entries = [...changed, ...added];
    return {
      entries,
      cursor: {
        afterSeq: added.at(-1)?.seq ?? cursor.afterSeq,
        afterRevision: Math.max(cursor.afterRevision, ...entries.map((each) => each.revision)),
      },
    };
  }
}

/** The runner's batch notifications, committed by hand. */
class BatchSignal {
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();

  onBatchCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  commit(): void {
    for (const listener of [...this.listeners]) listener({ events: 1, position: 0 });
  }
}

/** A fan-out whose writes wait for `writePending()` (an hour's interval), so tests say when they happen. */
function feedOver(table: TranscriptTable, signal: BatchSignal): TranscriptFanOut {
  const fanOut = new TranscriptFanOut(signal, table, { writeIntervalMs: 3_600_000 });
  fanOut.writePending(); // the first write would otherwise go out at once
  return fanOut;
}

/** The text of one write: the buffers a sink is given, in order. */
const utf8 = (chunks: readonly Buffer[]): string => Buffer.concat(chunks).toString('utf8');

/** What a subscriber with a cursor of its own receives: the text the feed must send it. */
function soloFrames(entries: readonly TranscriptEntry[], view?: TranscriptView): string {
  return entries
    .map((entry) => {
      const shown = view === undefined ? entry : view.show(entry);
      return `id: ${entry.revision}\nevent: entry\ndata: ${JSON.stringify(shown)}\n\n`;
    })
    .join('');
}

const REDACTED: TranscriptView = {
  name: 'redacted',
  show: (entry) => ({ ...entry, message: { ...entry.message, content: '[REDACTED]' } }),
};

describe('TranscriptFanOut', () => {
  it('reads and serializes a batch once for every subscriber of a session at the same cursor', () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = feedOver(table, signal);
    table.add('s1', 0, 'hello');
    const received = Array.from({ length: 50 }, () => [] as string[]);
    received.forEach((frames) => feed.subscribe('s1', 0, (chunks) => frames.push(utf8(chunks))));
    expect(feed.fanOut).toEqual({ subscribers: 50, groups: 1, owed: 0 });
    feed.writePending();

    table.reads = 0;
    table.add('s1', 1, 'next');
    signal.commit();
    feed.writePending();
    expect(table.reads).toBe(1);
    const expected = soloFrames(
      table.transcriptChanges('s1', { afterSeq: 0, afterRevision: 0 }).entries,
    );
    expect(received.map((frames) => frames.at(-1))).toEqual(received.map(() => expected));
    // Nothing to catch up on at revision 0; one write for the batch.
    expect(received.map((frames) => frames.length)).toEqual(received.map(() => 1));
  });

  it('writes the batches committed between two writes in one write per subscriber, in order', () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = feedOver(table, signal);
    const writes: string[] = [];
    feed.subscribe('s1', -1, (chunks) => writes.push(utf8(chunks)));
    table.add('s1', 0, 'first');
    signal.commit();
    table.add('s1', 1, 'second');
    table.change('s1', 0, 2);
    signal.commit();
    expect(writes).toEqual([]);
    feed.writePending();
    const first = table.transcriptChanges('s1', { afterSeq: -1, afterRevision: -1 });
    expect(writes).toEqual([
      soloFrames([{ ...first.entries[0]!, revision: 0 }]) +
        soloFrames(table.transcriptChanges('s1', { afterSeq: 0, afterRevision: 0 }).entries),
    ]);
    expect(writes[0]).toContain('id: 2\n');
  });

  it('writes at once after a quiet spell, then at most once per interval', async () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = new TranscriptFanOut(signal, table, { writeIntervalMs: 300 });
    const writes: string[] = [];
    const writtenAt: number[] = [];
    feed.subscribe('s1', -1, (chunks) => {
      writes.push(utf8(chunks));
      writtenAt.push(Date.now());
    });
    table.add('s1', 0, 'first');
    signal.commit();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writes).toHaveLength(1);
    table.add('s1', 1, 'second');
    signal.commit();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writes).toHaveLength(1);
    // The second write comes once the interval has passed (polled: a loaded machine's timers lag).
    const started = Date.now();
    while (writes.length < 2 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(writes).toHaveLength(2);
    // Not before the interval since the first write (timers never fire early).
    expect((writtenAt[1] ?? 0) - (writtenAt[0] ?? 0)).toBeGreaterThanOrEqual(290);
    feed.stop();
  });

  it('writes to many subscribers a slice per turn of the event loop, each in order', async () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = new TranscriptFanOut(signal, table, { writeIntervalMs: 1 });
    const received = Array.from({ length: 130 }, () => '');
    received.forEach((_, index) =>
      feed.subscribe('s1', -1, (chunks) => (received[index] += utf8(chunks))),
    );
    table.add('s1', 0, 'first');
    signal.commit();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The timed write has begun: the first slices are written, the rest not yet.
    await new Promise((resolve) => setImmediate(resolve));
    table.add('s1', 1, 'second');
    signal.commit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const expected = soloFrames(
      table.transcriptChanges('s1', { afterSeq: -1, afterRevision: -1 }).entries,
    );
    expect(received).toEqual(received.map(() => expected));
    expect(feed.fanOut.owed).toBe(0);
    feed.stop();
  });

  it('keeps a group per view: redacted subscribers get their own text, stored ones theirs', () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = feedOver(table, signal);
    const stored: string[] = [];
    const redacted: string[] = [];
    feed.subscribe('s1', -1, (chunks) => stored.push(utf8(chunks)));
    feed.subscribe('s1', -1, (chunks) => redacted.push(utf8(chunks)), REDACTED);
    expect(feed.fanOut).toEqual({ subscribers: 2, groups: 2, owed: 0 });
    table.add('s1', 0, 'my password is hunter2');
    signal.commit();
    feed.writePending();
    const entries = table.transcriptChanges('s1', { afterSeq: -1, afterRevision: -1 }).entries;
    expect(stored).toEqual([soloFrames(entries)]);
    expect(redacted).toEqual([soloFrames(entries, REDACTED)]);
  });

  it('merges groups whose cursors meet, and forgets closed subscribers', () => {
    const table = new TranscriptTable();
    const signal = new BatchSignal();
    const feed = feedOver(table, signal);
    table.add('s1', 0, 'a');
    table.add('s1', 1, 'b');
    const early = feed.subscribe('s1', -1, () => undefined);
    const late = feed.subscribe('s1', 1, () => undefined);
    // Both caught up to revision 1 on subscribing: same cursor, one group.
    // The early one is owed its catch-up, the late one nothing.
    expect(feed.fanOut).toEqual({ subscribers: 2, groups: 1, owed: 1 });
    early.close();
    late.close();
    expect(feed.fanOut).toEqual({ subscribers: 0, groups: 0, owed: 0 });
  });

  /** Operations on sessions and subscribers, in any order. */
  const operation = fc.oneof(
    fc.record({ type: fc.constant('append' as const), session: fc.constantFrom('s1', 's2') }),
    fc.record({
      type: fc.constant('prune' as const),
      session: fc.constantFrom('s1', 's2'),
      seq: fc.nat(20),
    }),
    fc.record({ type: fc.constant('commit' as const) }),
    fc.record({
      type: fc.constant('subscribe' as const),
      session: fc.constantFrom('s1', 's2'),
      back: fc.nat(6),
      redacted: fc.boolean(),
    }),
    fc.record({ type: fc.constant('close' as const), which: fc.nat(30) }),
    fc.record({ type: fc.constant('write' as const) }),
  );

  it('sends every subscriber exactly what a subscriber with a cursor of its own would get, in order', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const table = new TranscriptTable();
        const signal = new BatchSignal();
        const feed = feedOver(table, signal);
        const revisions = new Map<string, number>();
        interface Subscriber {
          session: string;
          view: TranscriptView | undefined;
          cursor: TranscriptCursor;
          received: string;
          expected: string;
          open: boolean;
          close: () => void;
        }
        const subscribers: Subscriber[] = [];
        for (const step of operations) {
          switch (step.type) {
            case 'append': {
              const revision = (revisions.get(step.session) ?? -1) + 1;
              revisions.set(step.session, revision);
              table.add(step.session, revision, `text ${revision}`);
              break;
            }
            case 'prune': {
              const revision = (revisions.get(step.session) ?? -1) + 1;
              revisions.set(step.session, revision);
              table.change(step.session, step.seq, revision);
              break;
            }
            case 'commit': {
              signal.commit();
              for (const subscriber of subscribers.filter((each) => each.open)) {
                const changes = table.transcriptChanges(subscriber.session, subscriber.cursor);
                subscriber.cursor = changes.cursor;
                subscriber.expected += soloFrames(changes.entries, subscriber.view);
              }
              break;
            }
            case 'subscribe': {
              // Subscribing happens between batches: the read model is as committed so far.
              signal.commit();
              for (const subscriber of subscribers.filter((each) => each.open)) {
                const changes = table.transcriptChanges(subscriber.session, subscriber.cursor);
                subscriber.cursor = changes.cursor;
                subscriber.expected += soloFrames(changes.entries, subscriber.view);
              }
              const afterRevision = (revisions.get(step.session) ?? -1) - step.back;
              const view = step.redacted ? REDACTED : undefined;
              const changes = table.transcriptChanges(
                step.session,
                table.transcriptCursorAt(step.session, afterRevision),
              );
              const subscriber: Subscriber = {
                session: step.session,
                view,
                cursor: changes.cursor,
                received: '',
                expected: soloFrames(changes.entries, view),
                open: true,
                close: () => undefined,
              };
              subscriber.close = feed.subscribe(
                step.session,
                afterRevision,
                (chunks) => (subscriber.received += utf8(chunks)),
                view,
              ).close;
              subscribers.push(subscriber);
              break;
            }
            case 'write':
              feed.writePending();
              break;
            case 'close': {
              const subscriber = subscribers[step.which];
              if (subscriber?.open === true) {
                subscriber.open = false;
                subscriber.close();
              }
              break;
            }
            default: {
              const unreachable: never = step;
              return unreachable;
            }
          }
        }
        feed.writePending();
        // A closed subscriber is owed nothing more: it got a prefix of what it would have.
        for (const subscriber of subscribers.filter((each) => !each.open)) {
          expect(subscriber.expected.startsWith(subscriber.received)).toBe(true);
          subscriber.expected = subscriber.received;
        }
        expect(subscribers.map((each) => each.received)).toEqual(
          subscribers.map((each) => each.expected),
        );
        const open = subscribers.filter((each) => each.open).length;
        expect(feed.fanOut.subscribers).toBe(open);
      }),
      { numRuns: 300 },
    );
  });
});
