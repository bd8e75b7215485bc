import { performance } from 'node:perf_hooks';
import {
  ReadModelRowDamagedError,
  type LiveProjections,
  type SessionViewsReader,
  type TranscriptCursor,
  type TranscriptEntry,
} from '@agent-ledger/read-models';

/** A live feed of one session's transcript entries. */
export interface TranscriptSubscription {
  close(): void;
}
/**
 * Receives Server-Sent Events text, ready to write, as UTF-8 bytes: one `event: entry` frame per
 * entry (`id: <revision>`, `data: <the entry as JSON>`), the frames of one committed batch in one
 * buffer, the batches owed since the last write in order. Each call is one write: the buffers are
 * shared by every subscriber of the group, so a sink writes them as they are (corked), never
 * joined or re-encoded per subscriber.
 */
export type TranscriptFrameSink = (frames: readonly Buffer[]) => void;

/**
 * How a subscriber is shown each entry (the entry as stored, or redacted for a caller without
 * `audit`). Subscribers whose view has the same `name` share the text: `show` must then be the
 * same function of the entry.
 */
export interface TranscriptView {
  name: string;
  show: (entry: TranscriptEntry) => unknown;
}

/** Entries as the read model stores them. */
export const STORED_TRANSCRIPT_VIEW: TranscriptView = Object.freeze({
  name: 'stored',
  show: (entry: TranscriptEntry): unknown => entry,
});

/**
 * Subscribers of one session, shown the same view, that have been sent the same entries: one read
 * and one text serve them all.
 */
interface FeedGroup {
  sessionId: string;
  view: TranscriptView;
  cursor: TranscriptCursor;
  sinks: Set<TranscriptFrameSink>;
}

/** Socket writes per turn of the event loop, when a timed write goes through its subscribers. */
const WRITES_PER_TURN = 50;

export interface TranscriptFanOutOptions {
  /**
   * Told when a group's rows do not match their checksums (`ReadModelRowDamaged`): the group keeps
   * its cursor and reads again after the next batch or the repair's commit. Default: nothing.
   */
  onDamagedRows?: (sessionId: string) => void;
  /**
   * How often at most a subscriber is written to while batches keep coming. Default 200 ms: a
   * write after a quiet spell goes at once, and under a stream of appends each socket gets one
   * larger write five times a second instead of many small ones, so that the appends, not the
   * fan-out, have the event loop most of the time (`docs/benchmarks.md`, `sse-fan-out`).
   */
  writeIntervalMs?: number;
  /**
   * Batches another process committed to the same read models (a second server on the same
   * `DATA_DIR`) raise no `onBatchCommitted` here: `changed` says whether the read models moved
   * since it was last asked, and is asked every `intervalMs` while anyone is subscribed.
   */
  otherWriters?: { changed: () => boolean; intervalMs: number };
}

/**
 * Sends each subscriber the transcript entries of its session added or changed (a pruning flags
 * an earlier entry) after every batch the runner commits, in transcript order, since the last
 * revision sent. Entries carry the revision that last wrote them, so a client can resume.
 *
 * Fan-out costs per session, not per subscriber: subscribers of a session at the same cursor
 * with the same view form one group, whose changes are read once per batch and serialized once,
 * the same text then queued for each. A new subscriber catches up on its own from where it asked,
 * then joins the group at the cursor it reached; groups whose cursors meet after a batch merge,
 * since the same cursor gives the same changes from then on.
 *
 * Writes are batched too: a socket write costs a system call, more than the text it carries, so
 * each subscriber's queued text goes out in one write, at once after a quiet spell and at most
 * every `writeIntervalMs` while batches keep coming (a burst of appends is one write per socket).
 */
export class TranscriptFanOut {
  /** Groups by session, view and cursor (`groupKey`). */
  private groups = new Map<string, FeedGroup>();
  /** The group each sink is in (groups merge, so a subscription cannot hold its group itself). */
  private readonly groupOf = new Map<TranscriptFrameSink, FeedGroup>();
  /** The batches' frames each sink is owed, in order, until the next write. */
  private readonly pending = new Map<TranscriptFrameSink, Buffer[]>();
  private writeTimer: NodeJS.Timeout | undefined;
  /** True while a timed write goes through its sinks, a slice per turn of the event loop. */
  private draining = false;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private readonly writeIntervalMs: number;
  private stopFollowing: (() => void) | undefined;
  private otherWritersTimer: NodeJS.Timeout | undefined;
  private readonly otherWriters: TranscriptFanOutOptions['otherWriters'];
  private readonly onDamagedRows: TranscriptFanOutOptions['onDamagedRows'];

  constructor(
    private readonly runner: Pick<LiveProjections, 'onBatchCommitted'>,
    private readonly views: Pick<SessionViewsReader, 'transcriptCursorAt' | 'transcriptChanges'>,
    options: TranscriptFanOutOptions = {},
  ) {
    this.writeIntervalMs = options.writeIntervalMs ?? 200;
    this.otherWriters = options.otherWriters;
    this.onDamagedRows = options.onDamagedRows;
  }

  /**
   * Sends `sessionId`'s entries changed after `afterRevision` (when there are any), then those of
   * every later batch, each entry as `view` shows it. `send` is called with whole SSE frames;
   * each call is one write.
   */
  subscribe(
    sessionId: string,
    afterRevision: number,
    send: TranscriptFrameSink,
    view: TranscriptView = STORED_TRANSCRIPT_VIEW,
  ): TranscriptSubscription {
    const changes = this.views.transcriptChanges(
      sessionId,
      this.views.transcriptCursorAt(sessionId, afterRevision),
    );
    // Each subscription gets its own sink, so that one function subscribed twice is two members.
    const sink: TranscriptFrameSink = (frames) => send(frames);
    if (changes.entries.length > 0) this.queue(sink, transcriptFrames(changes.entries, view));
    this.join({ sessionId, view, cursor: changes.cursor, sinks: new Set([sink]) });
    this.stopFollowing ??= this.runner.onBatchCommitted(() => this.flush());
    this.followOtherWriters();
    return { close: () => this.leave(sink) };
  }

  /** Writes every subscriber's queued text now (one write each). */
  writePending(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    this.lastWriteAt = performance.now();
    const pending = [...this.pending];
    this.pending.clear();
    for (const [sink, frames] of pending) sink(frames);
  }

  /**
   * The timed write: the sinks owed text now, `WRITES_PER_TURN` per turn of the event loop, so
   * that a request arriving meanwhile (an append) does not wait for hundreds of socket writes.
   * Text queued meanwhile for a sink not written yet goes with it; for one already written, it
   * waits for the next write. One map holds it all, so each sink's text stays in order.
   */
  private drain(): void {
    this.writeTimer = undefined;
    this.draining = true;
    this.lastWriteAt = performance.now();
    const sinks = [...this.pending.keys()];
    const writeFrom = (start: number): void => {
      for (const sink of sinks.slice(start, start + WRITES_PER_TURN)) {
        const frames = this.pending.get(sink);
        if (frames === undefined) continue;
        this.pending.delete(sink);
        sink(frames);
      }
      if (this.draining && start + WRITES_PER_TURN < sinks.length) {
        setImmediate(() => writeFrom(start + WRITES_PER_TURN));
        return;
      }
      this.draining = false;
      if (this.pending.size > 0) this.scheduleWrite();
    };
    writeFrom(0);
  }

  /** Stops following the runner; subscribers get nothing more. */
  stop(): void {
    this.stopFollowing?.();
    this.stopFollowing = undefined;
    clearInterval(this.otherWritersTimer);
    this.otherWritersTimer = undefined;
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    this.draining = false;
    this.pending.clear();
  }

  /** Subscribers followed, in how many groups (one read and one text each per batch), and how many are owed text. */
  get fanOut(): { subscribers: number; groups: number; owed: number } {
    return { subscribers: this.groupOf.size, groups: this.groups.size, owed: this.pending.size };
  }

  /** Polls for other processes' batches (`otherWriters`), while anyone is subscribed. */
  private followOtherWriters(): void {
    const otherWriters = this.otherWriters;
    if (otherWriters === undefined || this.otherWritersTimer !== undefined) return;
    this.otherWritersTimer = setInterval(() => {
      if (this.groupOf.size === 0) {
        clearInterval(this.otherWritersTimer);
        this.otherWritersTimer = undefined;
        return;
      }
      if (otherWriters.changed()) this.flush();
    }, otherWriters.intervalMs);
    this.otherWritersTimer.unref();
  }

  /** After a committed batch: each group's changes, read and serialized once, sent to its members. */
  private flush(): void {
    const groups = [...this.groups.values()];
    this.groups = new Map();
    for (const group of groups) {
      let changes;
      try {
        changes = this.views.transcriptChanges(group.sessionId, group.cursor);
      } catch (error) {
        if (!(error instanceof ReadModelRowDamagedError)) throw error;
        // Not sent: the rows are rebuilt from the log, and read again from the same cursor.
        this.onDamagedRows?.(group.sessionId);
        this.join(group);
        continue;
      }
      if (changes.entries.length > 0) {
        const frames = transcriptFrames(changes.entries, group.view);
        for (const sink of group.sinks) this.queue(sink, frames);
      }
      this.join({ ...group, cursor: changes.cursor });
    }
  }

  /** Puts `joining`'s sinks in the group of its session, view and cursor: itself, or one it merges into. */
  private join(joining: FeedGroup): void {
    if (joining.sinks.size === 0) return;
    const key = groupKey(joining);
    const group = this.groups.get(key) ?? joining;
    if (group === joining) this.groups.set(key, joining);
    else for (const sink of joining.sinks) group.sinks.add(sink);
    for (const sink of joining.sinks) this.groupOf.set(sink, group);
  }

  /** Owes `frames` to `sink` after what it is owed already, and makes sure a write will come. */
  private queue(sink: TranscriptFrameSink, frames: Buffer): void {
    const owed = this.pending.get(sink);
    if (owed === undefined) this.pending.set(sink, [frames]);
    else owed.push(frames);
    this.scheduleWrite();
  }

  private scheduleWrite(): void {
    if (this.writeTimer !== undefined || this.draining) return;
    const wait = Math.max(0, this.lastWriteAt + this.writeIntervalMs - performance.now());
    this.writeTimer = setTimeout(() => this.drain(), wait);
    this.writeTimer.unref();
  }

  private leave(sink: TranscriptFrameSink): void {
    this.pending.delete(sink);
    const group = this.groupOf.get(sink);
    if (group === undefined) return;
    this.groupOf.delete(sink);
    group.sinks.delete(sink);
    const key = groupKey(group);
    if (group.sinks.size === 0 && this.groups.get(key) === group) this.groups.delete(key);
  }
}

function groupKey({ sessionId, view, cursor }: FeedGroup): string {
  return JSON.stringify([sessionId, view.name, cursor.afterSeq, cursor.afterRevision]);
}

/** The SSE text of `entries`: one `entry` event each, its id the revision that last wrote it. */
/** The frames of `entries` as `view` shows them, encoded once for every subscriber they go to. */
function transcriptFrames(entries: readonly TranscriptEntry[], view: TranscriptView): Buffer {
  let frames = '';
  for (const entry of entries) {
    frames += `id: ${entry.revision}\nevent: entry\ndata: ${JSON.stringify(view.show(entry))}\n\n`;
  }
  return Buffer.from(frames, 'utf8');
}
