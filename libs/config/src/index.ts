export {
  ConfigError,
  loadServerConfig,
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
  sqliteEventStorePath,
  type CreateEventStoreOptions,
} from './create-event-store';
