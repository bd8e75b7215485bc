import type { EventPayloadValidator } from '../event-store';

/** Options of `SqliteEventStore`. Only `path` is required. */
export interface SqliteEventStoreOptions {
  /** The database file (created with its folder if missing); the app uses `./data/events.sqlite`. */
  path: string;
  /**
   * SQLite's `synchronous` level in WAL mode. `'full'` (default): the WAL is fsynced at every
   * commit, so an append that resolved survives a power loss. `'normal'`: it survives a crash of
   * the process, but a power loss may lose the appends since the last WAL checkpoint (never
   * half of one).
   */
  synchronous?: 'full' | 'normal';
  /** How long a writer waits for another process's write lock before failing. Default 5000. */
  busyTimeoutMs?: number;
  /** Bytes of JSON data plus metadata per append. Default `DEFAULT_MAX_APPEND_SIZE` (1 MiB). */
  maxAppendSize?: number;
  /** Called for every event before an append writes anything; complaints refuse the append. */
  validatePayload?: EventPayloadValidator;
  /**
   * Who commits the writes: `'worker'` (default for a file), a worker thread with its own
   * connection, so commits and their fsyncs run beside this thread's work (it starts with the
   * first batch of two writes or more, no sooner than `workerStartDelayMs` after the store opens;
   * this thread commits until it is ready); `'inline'` (the only choice for `':memory:'`), this
   * thread's connection, on the next turn of the event loop.
   */
  writer?: 'worker' | 'inline';
  /** With `writer: 'worker'`: how long after opening the worker may start. Default 250 ms. */
  workerStartDelayMs?: number;
  /** Events per query in reads and subscriptions. Default 256. */
  pageSize?: number;
  /**
   * The `appendSignal()` of a store on another thread of this process that writes the same file:
   * this store's subscriptions then read that store's commits at once (other processes' appends
   * are still found by polling).
   */
  appendSignal?: SharedArrayBuffer;
  /** How often a caught-up subscription looks for appends made by other processes. Default 250. */
  pollIntervalMs?: number;
  /**
   * Open an existing file for reading only, where the disk has no room for SQLite's shared-memory
   * file (the server on a full disk): one connection holding the file exclusively, its WAL index
   * in memory, every write refused by SQLite (`query_only`). The writer is this thread's (no
   * worker). Default `false`.
   */
  readOnly?: boolean;
  /** The clock for `createdAt` and `maxAge`. Default `() => new Date()`. */
  now?: () => Date;
}
