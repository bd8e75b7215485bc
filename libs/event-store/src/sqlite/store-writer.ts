import type Database from 'better-sqlite3';
import { GroupCommit } from './group-commit';
import { prepareWriteRunner, type WriteRequest, type WriteResult } from './write-request';

/**
 * Where the store's writes go: group-committed on this thread's connection (`InlineWriter`) or on
 * the write worker's (`WorkerWriter`). Either way a write resolves once its commit is durable, and
 * a read of a stream asked for after a write to it waits for that write.
 */
export interface StoreWriter {
  submit(request: WriteRequest): Promise<WriteResult>;
  /** Runs `work` after the writes to `streamName` (`null`: to any stream) asked for before it. */
  read<T>(streamName: string | null, work: () => T): Promise<T>;
  /** Whether writes to `streamName` (`null`: to any stream) are not committed yet. */
  hasQueuedWrites(streamName: string | null): boolean;
  /** Commits what is queued, then lets go of the writer. */
  close(): Promise<void>;
}

/** Group commit on the store's own connection (an in-memory store, or `writer: 'inline'`). */
export class InlineWriter implements StoreWriter {
  private readonly group: GroupCommit;
  private readonly run;

  constructor(db: Database.Database, onWritten: () => void) {
    this.group = new GroupCommit(db, onWritten);
    this.run = prepareWriteRunner(db);
  }

  submit(request: WriteRequest): Promise<WriteResult> {
    return this.group.submit(request.streamName, () => this.run(request));
  }

  read<T>(streamName: string | null, work: () => T): Promise<T> {
    return this.group.read(streamName, work);
  }

  hasQueuedWrites(streamName: string | null): boolean {
    return this.group.hasQueuedWrites(streamName);
  }

  close(): Promise<void> {
    this.group.flush();
    return Promise.resolve();
  }
}
