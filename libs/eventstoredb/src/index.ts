export { EventStoreDbEventStore } from './eventstoredb-event-store';
export type { EventStoreDbEventStoreOptions } from './eventstoredb-event-store';
export { EventStoreDbAdapterError } from './eventstoredb-adapter-error';
export type { SubscriptionLogger } from './subscribe-to-all-with-resume';
export {
  EventStoreDbBlobStore,
  DEFAULT_ESDB_BLOB_CHUNK_SIZE,
  type EventStoreDbBlobStoreOptions,
} from './blobs/eventstoredb-blob-store';
