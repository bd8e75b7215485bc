/**
 * The event-store port. Its semantics are EventStoreDB's (streams, expected revisions, idempotent
 * event ids, one global `$all` order, catch-up subscriptions with checkpoints), so that the embedded
 * SQLite store and the EventStoreDB adapter are interchangeable and pass one contract suite.
 *
 * Revisions are 0-based per stream. Positions are global in `$all`, strictly increasing, never
 * reused; they are JavaScript numbers (exact up to 2^53, i.e. far beyond any log this will hold).
 */

/** What the writer expects the stream to be before its append. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/** An event to append. `id` is a UUID chosen by the writer; re-sending it makes a retry idempotent. */
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

/** Outcome of an append. */
export interface AppendResult {
  /** Revision of the last event now in the stream (what to pass as `expectedRevision` next). */
  nextExpectedRevision: number;
  /** Position of the last event of this append in `$all`. */
  position: number;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export type Direction = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  /** Inclusive. Default: `'start'` forwards, `'end'` backwards. */
  fromRevision?: number | 'start' | 'end';
  direction?: Direction;
  maxCount?: number;
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

export interface ReadAllOptions {
  /** Inclusive. Default: `'start'` forwards, `'end'` backwards. */
  fromPosition?: number | 'start' | 'end';
  direction?: Direction;
  maxCount?: number;
  filter?: EventFilter;
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

/** What a subscription yields. */
export type SubscriptionMessage =
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'caughtUp'; position: number | null }
  | { kind: 'checkpoint'; position: number };

/** A catch-up subscription: history first, then live events, with no gap or duplicate between. */
export interface Subscription extends AsyncIterable<SubscriptionMessage> {
  close(): Promise<void>;
}

/** Stream metadata, as EventStoreDB defines it. */
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

/** The port every store implements. */
export interface EventStore {
  append(streamName: string, events: EventToAppend[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  subscribeToAll(options?: SubscribeToAllOptions): Subscription;
  /** Soft delete: the stream reads as not found; appending again recreates it after the old revisions. */
  deleteStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }>;
  /** Hard delete: the stream can never be written or read again. */
  tombstoneStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }>;
  getStreamMetadata(streamName: string): Promise<StreamMetadata>;
  setStreamMetadata(streamName: string, metadata: StreamMetadata, options?: AppendOptions): Promise<AppendResult>;
  /** Current revision of a stream, or `undefined` when it does not exist. Cheap. */
  getStreamRevision(streamName: string): Promise<number | undefined>;
  /** Last position written to `$all`, or `null` for an empty store. */
  headPosition(): Promise<number | null>;
  close(): Promise<void>;
}

/** Checks an event payload before it is appended; returns complaints, empty when valid. */
export type EventPayloadValidator = (event: EventToAppend) => string[];
