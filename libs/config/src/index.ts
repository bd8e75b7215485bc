export { isLoopbackHost } from './is-loopback-host';
export {
  ConfigError,
  DEFAULT_RATE_LIMIT_MAX,
  loadServerConfig,
  type ContentEncryptionConfig,
  type EventStoreKind,
  type HttpHardeningConfig,
  type ServerConfig,
} from './server-config';
export {
  loadReadModelConfig,
  ReadModelConfigError,
  type ReadModelConfig,
} from './read-model-config';
export {
  createEventStore,
  openContentKeyStore,
  sqliteEventStorePath,
  usesContentKeys,
  type CreateEventStoreOptions,
} from './create-event-store';
export { DURATION_PATTERN, parseDuration } from './parse-duration';
export {
  loadRetentionConfig,
  type RetentionAction,
  type RetentionConfig,
  type RetentionPolicy,
} from './retention-config';
export { createBlobStore, sqliteBlobStorePath, type OpenedBlobStore } from './create-blob-store';
