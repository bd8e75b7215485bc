/**
 * The event-store port. Its semantics are EventStoreDB's (streams, expected revisions, idempotent
 * event ids, one global `$all` order, catch-up subscriptions with checkpoints), so that the embedded
 * SQLite store and the EventStoreDB adapter are interchangeable and pass one contract suite
 * (`describeEventStoreContract`). `docs/event-store.md` states the rules in full.
 *
 * Revisions are 0-based per stream. Positions are global in `$all`, strictly increasing, never
 * reused, not necessarily contiguous; they are JavaScript numbers (exact up to 2^53, i.e. far
 * beyond any log this will hold).
 *
 * Event types starting with `$` are the store's own (`$metadata`, `$streamDeleted`): an append
 * may not use them, and `$all` reads and subscriptions never yield them (EventStoreDB's
 * `excludeSystemEvents`), although they take positions.
 */

/** What the writer expects the stream to be before its append. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/**
 * An event to append. `id` is a UUID chosen by the writer (stored lower-case); re-sending it makes a
 * retry idempotent. `type` must not start with `$`.
 */
export interface EventToAppend {
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

/** An event as stored. */
export interface RecordedEvent {
  streamName: string;
  /** 0-based revision in its stream. */
  revision: number;
  /** Global position in `$all`. */
  position: number;
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** ISO-8601 time the store wrote it. */
  createdAt: string;
}

/**
 * Outcome of an append. An idempotent retry returns the outcome of the append it repeats: the
 * revision and position of the last of its events as first written.
 */
export interface AppendResult {
  /** Revision of the last event now in the stream (what to pass as `expectedRevision` next). */
  nextExpectedRevision: number;
  /** Position of the last event of this append in `$all`. */
  position: number;
}

export interface AppendOptions {
  /** Default `'any'`. */
  expectedRevision?: ExpectedRevision;
}

export type Direction = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  /** Inclusive. Default: `'start'` forwards, `'end'` backwards. */
  fromRevision?: number | 'start' | 'end';
  direction?: Direction;
  /** At most this many events (of the `types` asked for, when some are). */
  maxCount?: number;
  /**
   * Only events of these types, in the same order and from the same visible revisions, as if the
   * others were skipped by the reader (`maxCount` counts the events yielded). The SQLite store
   * filters in SQL, so a reader that wants a few types of a long stream does not pay for the
   * rest; EventStoreDB has no type filter on stream reads, so its adapter filters as it reads.
   * Default: every type. An empty list yields nothing.
   */
  types?: readonly string[];
}

/**
 * A server-side filter on `$all`, as EventStoreDB has them: on the stream name or on the event
 * type, by prefixes or by a regular expression.
 */
export type EventFilter =
  | { on: 'streamName'; prefixes: string[] }
  | { on: 'streamName'; regex: string }
  | { on: 'eventType'; prefixes: string[] }
  | { on: 'eventType'; regex: string };

/**
 * `$all` reads ignore stream metadata and deletion (as EventStoreDB does until it scavenges):
 * they yield every event ever appended, in position order.
 */
export interface ReadAllOptions {
  /** Inclusive. Default: `'start'` forwards, `'end'` backwards. */
  fromPosition?: number | 'start' | 'end';
  direction?: Direction;
  maxCount?: number;
  filter?: EventFilter;
}

/** Options of `EventStore.listStreamsInAll`. */
export interface ListStreamsInAllOptions {
  /** Only the events this filter matches count, as in `readAll`. Default: every event. */
  filter?: EventFilter;
  /** Inclusive: only events at or before this position count. Default: the whole of `$all`. */
  toPosition?: number;
}

/** A stream `$all` shows, with the position of the first of its events it shows. */
export interface StreamInAll {
  streamName: string;
  firstPosition: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive, as in EventStoreDB: the first event delivered comes after this position. */
  fromPosition?: number | 'start' | 'end';
  filter?: EventFilter;
  /**
   * With a filter: after this many events skipped by the filter, a `checkpoint` message gives
   * the position reached, so a consumer can save progress through long filtered-out stretches.
   */
  checkpointInterval?: number;
}

/**
 * What a subscription yields. `caughtUp` comes once, when the history has been delivered; its
 * position is the last one read (`null` when nothing was). `checkpoint` gives the position of
 * the last event the filter skipped.
 */
export type SubscriptionMessage =
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'caughtUp'; position: number | null }
  | { kind: 'checkpoint'; position: number };

/** A catch-up subscription: history first, then live events, with no gap or duplicate between. */
export interface Subscription extends AsyncIterable<SubscriptionMessage> {
  close(): Promise<void>;
}

/**
 * Stream metadata, as EventStoreDB defines it: stream reads hide events past `maxCount`, older
 * than `maxAge` seconds, or before revision `truncateBefore`. A soft-deleted stream has
 * `truncateBefore` set to `SOFT_DELETED_TRUNCATE_BEFORE`.
 */
export interface StreamMetadata {
  maxCount?: number;
  /** Seconds. */
  maxAge?: number;
  truncateBefore?: number;
  customMetadata?: Record<string, unknown>;
}

export interface DeleteOptions {
  expectedRevision?: ExpectedRevision;
}

/** What `EventStore.eraseStream` did. */
export interface EraseStreamResult {
  /** Events of the stream (and records of its metadata stream) the store held and removed or hid. */
  erasedEvents: number;
  /**
   * `true`: the bytes are gone from the store's files when the promise resolves (the embedded
   * store). `false`: the stream is deleted but its bytes stay until the store reclaims them
   * (EventStoreDB: until a scavenge, and in archives for good); content must be unreadable by
   * other means (crypto-shredding).
   */
  physical: boolean;
}

/** The port every store implements. */
export interface EventStore {
  /**
   * Appends one or more events, all or nothing. Refuses with `WrongExpectedRevisionError`,
   * `StreamDeletedError`, `AppendTooLargeError` or `InvalidEventPayloadError`; an empty list is a
   * `RangeError`. A retry of the same ids is idempotent as in EventStoreDB (see `docs/event-store.md`).
   */
  append(
    streamName: string,
    events: EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * The stream's events visible under its metadata. Iterating throws `StreamNotFoundError` for a
   * stream that never existed or was soft-deleted, `StreamDeletedError` for a tombstoned one.
   */
  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /**
   * The streams that `readAll({ filter })` shows an event of up to `toPosition`, each once, in the
   * order of the first such event: exactly the streams, and the order, that a forward read of
   * `$all` would meet them in (so a deleted, tombstoned or truncated stream is listed by its
   * events, as `$all` still yields them; the store's own records, such as metadata and tombstones,
   * never list a stream). It sees what `readAll` would see if started at the same moment. A
   * store answers it without reading the events where it can: the SQLite store reads its stream
   * index alone, the EventStoreDB adapter has to read `$all` (see each one's notes).
   */
  listStreamsInAll(options?: ListStreamsInAllOptions): Promise<StreamInAll[]>;
  subscribeToAll(options?: SubscribeToAllOptions): Subscription;
  /**
   * Soft delete: the stream reads as not found; appending again recreates it, its revisions
   * continuing after the old ones, which stay hidden. The position is that of the deletion record.
   */
  deleteStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }>;
  /** Hard delete (tombstone): the stream can never be written or read again. */
  tombstoneStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }>;
  /**
   * Erasure: removes the stream's events and metadata for good, as far as the store can. After
   * it, the stream reads as `StreamNotFound`, has no revision, and an append with `no_stream`
   * starts it again (its old events never come back, in the stream or, where `physical`, in
   * `$all`). Erasing a stream that does not exist (or was erased) erases nothing and succeeds.
   * A tombstoned stream stays tombstoned (its events are removed where the store can).
   *
   * The embedded store deletes the rows with `secure_delete` on and truncates its WAL before it
   * resolves (`physical: true`): no file holds the bytes any more. `$all` no longer yields them,
   * so `headPosition` may move back to the last event left (positions are still never reused).
   * EventStoreDB soft-deletes the stream (`physical: false`): `$all` yields its events until a
   * scavenge.
   */
  eraseStream(streamName: string): Promise<EraseStreamResult>;
  /** The stream's metadata; `{}` when none was set. */
  getStreamMetadata(streamName: string): Promise<StreamMetadata>;
  /**
   * Replaces the stream's metadata. `expectedRevision` and the result are those of the metadata
   * stream (`$$<streamName>`), as in EventStoreDB; the stream's own revision does not move.
   */
  setStreamMetadata(
    streamName: string,
    metadata: StreamMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Current revision of a stream (not lowered by metadata), or `undefined` when it does not exist
   * or was soft-deleted. Rejects with `StreamDeletedError` for a tombstoned stream. Cheap.
   */
  getStreamRevision(streamName: string): Promise<number | undefined>;
  /** Position of the last event `$all` yields, or `null` when it yields none. */
  headPosition(): Promise<number | null>;
  /** Ends open subscriptions and releases the store. */
  close(): Promise<void>;
}

/** `truncateBefore` of a soft-deleted stream (EventStoreDB writes `long.MaxValue`). */
export const SOFT_DELETED_TRUNCATE_BEFORE = Number.MAX_SAFE_INTEGER;

/** Checks an event payload before it is appended; returns complaints, empty when valid. */
export type EventPayloadValidator = (event: EventToAppend) => string[];
