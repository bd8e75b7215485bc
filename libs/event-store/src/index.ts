export type {
  AppendOptions,
  AppendResult,
  DeleteOptions,
  Direction,
  EraseStreamResult,
  EventFilter,
  EventPayloadValidator,
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
  SubscriptionMessage,
} from './event-store';
export { SOFT_DELETED_TRUNCATE_BEFORE } from './event-store';
export {
  AppendTooLargeError,
  EventStoreError,
  InvalidEventPayloadError,
  StreamDeletedError,
  StreamNotFoundError,
  StoreUnavailableError,
  WrongExpectedRevisionError,
} from './errors';
export type { AppendChecks, SerializedEvent } from './serialize-append';
export { DEFAULT_MAX_APPEND_SIZE, serializeAppend } from './serialize-append';
export type { StoredEventLookup, StoredEventRef, StreamWriteState } from './stream-write-state';
export type { AppendDecision } from './decide-append';
export { decideAppend } from './decide-append';
export type { DeleteDecision } from './decide-delete';
export { decideDelete } from './decide-delete';
export { actualRevision } from './actual-revision';
export { decodeStreamMetadata, encodeStreamMetadata } from './stream-metadata-codec';
export type { VisibleRevisions } from './visible-revisions';
export { visibleRevisions } from './visible-revisions';
export type { SqliteEventStoreOptions } from './sqlite/sqlite-event-store-options';
export { SqliteEventStore } from './sqlite/sqlite-event-store';
export { isSqliteBusy, retryWhileBusy } from './sqlite/retry-while-busy';
export type { TruncateWalAttempts } from './sqlite/truncate-wal';
export { truncateWal } from './sqlite/truncate-wal';
export { startWorkerThread } from './sqlite/start-worker-thread';
