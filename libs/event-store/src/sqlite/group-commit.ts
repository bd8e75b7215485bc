import type Database from 'better-sqlite3';

/** What one write did inside the shared transaction: its answer, and whether it added events. */
export interface WriteOutcome<T> {
  result: T;
  written: boolean;
}

interface PendingWrite {
  /** The stream the write is about (a metadata record or tombstone: the stream it describes). */
  streamName: string;
  write: () => WriteOutcome<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type Settled = { ok: true; outcome: WriteOutcome<unknown> } | { ok: false; error: Error };

/** The most writes one transaction takes; more wait for the next (each commit then answers its own). */
const MAX_WRITES_PER_COMMIT = 256;

/**
 * Group commit: the writes submitted during one turn of the event loop (concurrent appends of
 * different requests, typically) run in one `BEGIN IMMEDIATE` transaction and share its commit,
 * so one fsync (synchronous=FULL) makes all of them durable.
 *
 * Each write runs in its own savepoint (`write` is a better-sqlite3 transaction function, which
 * nests as a savepoint): it reads the state the writes before it left, and a write that throws (a
 * wrong expected revision, a deleted stream) is rolled back and rejected alone; the others go on.
 * No write's promise settles before the commit: a resolved write is on disk, and if the commit
 * fails (or SQLite rolls the whole transaction back), every write of the batch rejects with it.
 * Writes run in the order they were submitted, and a read asked for after a write to its
 * stream (`read`) waits for it and sees it; a read of another stream does not wait.
 */
export class GroupCommit {
  private pending: PendingWrite[] = [];
  /** Queued writes per stream name. */
  private readonly queuedPerStream = new Map<string, number>();
  private scheduled = false;
  private readonly commitBatch: Database.Transaction<(writes: PendingWrite[]) => Settled[]>;

  constructor(
    private readonly db: Database.Database,
    /** Called after a commit in which at least one write added events. */
    private readonly onWritten: () => void,
  ) {
    this.commitBatch = db.transaction((writes: PendingWrite[]) =>
      writes.map((pending) => this.attempt(pending)),
    );
  }

  /**
   * Queues `write` (about `streamName`) for the next commit; resolves with its result once that
   * commit is durable.
   */
  submit<T>(streamName: string, write: () => WriteOutcome<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({
        streamName,
        write,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.queuedPerStream.set(streamName, (this.queuedPerStream.get(streamName) ?? 0) + 1);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Runs a read of `streamName` (`null`: of every stream) in the order it was asked for: at once
   * when no write to it is queued, else after the queued writes, inside their transaction (it
   * sees them) and settling after their commit.
   */
  read<T>(streamName: string | null, work: () => T): Promise<T> {
    if (!this.hasQueuedWrites(streamName)) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return this.submit(streamName ?? '', () => ({ result: work(), written: false }));
  }

  /** Whether writes to `streamName` (`null`: to any stream) wait for the next commit. */
  hasQueuedWrites(streamName: string | null): boolean {
    return streamName === null ? this.pending.length > 0 : this.queuedPerStream.has(streamName);
  }

  /** Commits every queued write now (before closing the database, too). */
  flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_WRITES_PER_COMMIT);
      for (const { streamName } of batch) {
        const left = (this.queuedPerStream.get(streamName) ?? 1) - 1;
        if (left === 0) this.queuedPerStream.delete(streamName);
        else this.queuedPerStream.set(streamName, left);
      }
      this.commit(batch);
    }
  }

  private commit(batch: PendingWrite[]): void {
    let settled: Settled[];
    try {
      settled = this.commitBatch.immediate(batch);
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      for (const pending of batch) pending.reject(error);
      return;
    }
    if (settled.some((outcome) => outcome.ok && outcome.outcome.written)) this.onWritten();
    settled.forEach((outcome, index) => {
      const pending = batch[index];
      if (pending === undefined) return;
      if (outcome.ok) pending.resolve(outcome.outcome.result);
      else pending.reject(outcome.error);
    });
  }

  private attempt(pending: PendingWrite): Settled {
    try {
      return { ok: true, outcome: pending.write() };
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      // Some failures (a full disk, an I/O error) make SQLite roll back the whole transaction:
      // the writes before this one are gone too, so the batch must fail as a whole.
      if (!this.db.inTransaction) throw error;
      return { ok: false, error };
    }
  }
}
