import type Database from 'better-sqlite3';
import { StreamDeletedError } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  DeleteOptions,
  EraseStreamResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ListStreamsInAllOptions,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInAll,
  StreamMetadata,
  SubscribeToAllOptions,
  Subscription,
} from '../event-store';
import { DEFAULT_MAX_APPEND_SIZE, serializeAppend, type AppendChecks } from '../serialize-append';
import { AllStatements } from './all-statements';
import { AppendNotifier, AppendSignal } from './append-notifier';
import { listStreamsInAll } from './list-streams-in-all';
import { openDatabase } from './open-database';
import { prepareStatements, type SqliteStatements } from './prepare-statements';
import { readAllEvents } from './read-all-events';
import { readStreamEvents } from './read-stream-events';
import { readWriteState } from './read-write-state';
import type { SqliteEventStoreOptions } from './sqlite-event-store-options';
import { SqliteSubscription } from './sqlite-subscription';
import { truncateWal } from './truncate-wal';
import { InlineWriter, type StoreWriter } from './store-writer';
import { WorkerWriter } from './worker-writer';

/** Times an erasure tries to checkpoint and truncate the WAL before it gives up. */
const WAL_TRUNCATE_ATTEMPTS = 5;

/**
 * The embedded event store: one SQLite file through better-sqlite3, in WAL mode, with one
 * writer per instance. The writes asked for while the writer commits (or during one turn of the
 * event loop) share one `BEGIN IMMEDIATE` transaction and its fsync (`GroupCommit`), each in its
 * own savepoint, so each succeeds or fails alone and none resolves before it is durable. A file's
 * writer is a worker thread with its own connection (`WorkerWriter`), so commits run beside the
 * store's thread; reads and subscriptions use this thread's connection.
 * Processes sharing the file cooperate through SQLite's own locking (see `docs/event-store.md`).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly statements: SqliteStatements;
  private readonly allStatements: AllStatements;
  private readonly notifier: AppendNotifier;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly checks: AppendChecks;
  private readonly now: () => Date;
  private readonly pageSize: number;
  private readonly pollIntervalMs: number;
  private readonly writes: StoreWriter;

  constructor(private readonly options: SqliteEventStoreOptions) {
    const database = {
      path: options.path,
      synchronous: options.synchronous ?? 'full',
      busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    } as const;
    this.db = openDatabase({ ...database, readOnly: options.readOnly === true });
    this.statements = prepareStatements(this.db);
    this.allStatements = new AllStatements(this.db);
    this.checks = {
      maxAppendSize: options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE,
      ...(options.validatePayload === undefined
        ? {}
        : { validatePayload: options.validatePayload }),
    };
    this.now = options.now ?? (() => new Date());
    this.pageSize = options.pageSize ?? 256;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.notifier = new AppendNotifier(
      options.appendSignal === undefined ? undefined : new AppendSignal(options.appendSignal),
    );
    const notify = (): void => this.notifier.notify();
    const writer =
      options.writer ??
      (options.path === ':memory:' || options.readOnly === true ? 'inline' : 'worker');
    const inline = new InlineWriter(this.db, notify);
    this.writes =
      writer === 'worker'
        ? new WorkerWriter(database, notify, inline, options.workerStartDelayMs)
        : inline;
  }

  append(
    streamName: string,
    events: EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    let serialized: ReturnType<typeof serializeAppend>;
    try {
      serialized = serializeAppend(streamName, events, this.checks);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.writes.submit({
      kind: 'append',
      streamName,
      events: serialized,
      expectedRevision: options.expectedRevision ?? 'any',
      createdAt: this.now().toISOString(),
    }) as Promise<AppendResult>;
  }

  /**
   * Starts the writer thread (`writer: 'worker'`) if it has not started yet and resolves once
   * writes go to it; at once for the inline writer. For tests and benchmarks.
   */
  writerReady(): Promise<void> {
    return this.writes instanceof WorkerWriter ? this.writes.whenReady() : Promise.resolve();
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    const context = { statements: this.statements, pageSize: this.pageSize, now: this.now };
    return this.afterQueuedWrites(streamName, () => readStreamEvents(context, streamName, options));
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return this.afterQueuedWrites(null, () =>
      readAllEvents(this.allStatements, this.pageSize, options),
    );
  }

  /**
   * One query over the stream index, after the writes queued for any stream (as `readAll`): no
   * event is read or parsed, one index seek per stream and one row lookup per stream's first
   * event (see `AllStatements.streamsInAll`).
   */
  listStreamsInAll(options: ListStreamsInAllOptions = {}): Promise<StreamInAll[]> {
    return this.writes.read(null, () => listStreamsInAll(this.allStatements, options));
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): Subscription {
    const subscription = new SqliteSubscription(
      {
        statements: this.allStatements,
        notifier: this.notifier,
        pageSize: this.pageSize,
        pollIntervalMs: this.pollIntervalMs,
        lastPosition: () => this.statements.lastPosition.get()?.position ?? 0,
        onClose: (closed) => this.subscriptions.delete(closed),
      },
      options,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * The append signal of this store: a counter in shared memory bumped at each of its commits
   * that added events. Given as `appendSignal` to a store on another thread of this process that
   * opens the same file (the server's projection runner), it lets that store's subscriptions read
   * each commit at once instead of at their next poll, at no cost to this thread unless one waits.
   */
  appendSignal(): SharedArrayBuffer {
    return this.notifier.share().buffer;
  }

  deleteStream(streamName: string, options: DeleteOptions = {}): Promise<{ position: number }> {
    return this.delete(streamName, 'soft', options.expectedRevision ?? 'any');
  }

  tombstoneStream(streamName: string, options: DeleteOptions = {}): Promise<{ position: number }> {
    return this.delete(streamName, 'tombstone', options.expectedRevision ?? 'any');
  }

  /**
   * Deletes the stream's rows (and its metadata stream's) in one commit, with `secure_delete` on
   * (the cells and freed pages are zeroed), then checkpoints the WAL into the file and truncates
   * it, so that no file holds the erased bytes when this resolves. Readers of the file on other
   * connections can hold the checkpoint up: it is retried while they do (SQLite's busy timeout
   * each time), and a WAL still not truncated after that is an error (the rows are deleted; a
   * second call finishes the job).
   */
  async eraseStream(streamName: string): Promise<EraseStreamResult> {
    const result = await this.writes.submit({ kind: 'erase', streamName });
    if (!('erasedEvents' in result))
      throw new Error('The writer answered an erasure with another result.');
    this.truncateWal();
    return { erasedEvents: result.erasedEvents, physical: true };
  }

  getStreamMetadata(streamName: string): Promise<StreamMetadata> {
    return this.writes.read(streamName, () => {
      const { state, metadata } = readWriteState(this.statements, streamName);
      if (state.tombstoned) throw new StreamDeletedError(streamName);
      return metadata;
    });
  }

  setStreamMetadata(
    streamName: string,
    metadata: StreamMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    return this.writes.submit({
      kind: 'metadata',
      streamName,
      metadata,
      expectedRevision: options.expectedRevision ?? 'any',
      createdAt: this.now().toISOString(),
    }) as Promise<AppendResult>;
  }

  getStreamRevision(streamName: string): Promise<number | undefined> {
    return this.writes.read(streamName, () => {
      const { state } = readWriteState(this.statements, streamName);
      if (state.tombstoned) throw new StreamDeletedError(streamName);
      return state.lastRevision < 0 || state.softDeleted ? undefined : state.lastRevision;
    });
  }

  headPosition(): Promise<number | null> {
    return this.writes.read(null, () => this.statements.headPosition.get()?.position ?? null);
  }

  async close(): Promise<void> {
    await this.writes.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    if (this.db.open) this.db.close();
  }

  /** `wal_checkpoint(TRUNCATE)` until it is not held up by a reader (a few attempts). */
  private truncateWal(): void {
    if (this.options.path === ':memory:') return;
    if (!truncateWal(this.db, { attempts: WAL_TRUNCATE_ATTEMPTS })) {
      throw new Error(
        `The erased rows are deleted, but readers of ${this.options.path} kept its WAL from being checkpointed and truncated (${WAL_TRUNCATE_ATTEMPTS} attempts); erase the stream again once they are done.`,
      );
    }
  }

  /**
   * A read asked for while writes to its stream (`null`: to any) wait for their commit starts
   * after them (so a caller who did not await an append still reads it, as when appends committed
   * at once); else it starts as it is.
   */
  private afterQueuedWrites(
    streamName: string | null,
    read: () => AsyncIterable<RecordedEvent>,
  ): AsyncIterable<RecordedEvent> {
    if (!this.writes.hasQueuedWrites(streamName)) return read();
    const committed = this.writes.read(streamName, () => undefined);
    return (async function* () {
      await committed.catch(() => undefined);
      yield* read();
    })();
  }

  private delete(
    streamName: string,
    mode: 'soft' | 'tombstone',
    expectedRevision: ExpectedRevision,
  ): Promise<{ position: number }> {
    return this.writes.submit({
      kind: 'delete',
      streamName,
      mode,
      expectedRevision,
      createdAt: this.now().toISOString(),
    }) as Promise<{ position: number }>;
  }
}
