/** What a store knows of a stream when it decides whether a write may go ahead. */
export interface StreamWriteState {
  /** Revision of the stream's last event, `-1` when it has none (soft deletion keeps it). */
  lastRevision: number;
  tombstoned: boolean;
  /** Its metadata carries EventStoreDB's soft-delete mark. */
  softDeleted: boolean;
  /** Its metadata stream has an event: `stream_exists` accepts a stream that has only metadata. */
  hasMetadata: boolean;
}

/** An event already in the stream, as an idempotency check needs it. */
export interface StoredEventRef {
  id: string;
  revision: number;
  position: number;
}

/** How a decision looks at events already written to the stream. */
export interface StoredEventLookup {
  /** The event at `revision` in the stream, if any. */
  eventAt(revision: number): StoredEventRef | undefined;
  /** The latest event of the stream with this id, if any. */
  findById(id: string): StoredEventRef | undefined;
}
