export {
  damageOf,
  openReadModelDatabase,
  ReadModelFileDamagedError,
  type OpenReadModelDatabaseOptions,
  type ReadModelDamage,
  type ReadModelDatabase,
} from './database/open-read-model-database';
export { truncateDataDirWals } from './database/truncate-data-dir-wals';
export {
  truncateWalPatiently,
  WalNotTruncatedError,
  type TruncateWalOptions,
} from './database/truncate-wal-patiently';
export { openFreshReadModelFile, type FreshReadModelFile } from './database/fresh-read-model-file';
export { registerPackedText } from './database/register-packed-text';
export { packText, unpackText, PACK_MIN_BYTES } from './database/packed-text';
export {
  holdReadModels,
  serversHoldingReadModels,
  type ReadModelHold,
  type ReadModelHolder,
} from './database/read-model-holders';
export {
  MessageNotFoundError,
  PositionNotReachedError,
  ReadModelBehindError,
  ReadModelRowDamagedError,
} from './errors';
export type {
  DamageFoundBy,
  ReadModelDamageState,
  ReadModelRepair,
} from './runner/read-model-damage';
export type { FailedEvent } from './runner/failed-event';
export { listFailedEvents } from './runner/list-failed-events';
export type { ProjectionHandler } from './runner/projection-handler';
export {
  ProjectionRunner,
  SESSION_STREAMS_FILTER,
  type CommittedBatch,
  type ProjectionRunnerOptions,
} from './runner/projection-runner';
export {
  ProjectionRunnerThread,
  type LiveProjections,
  type ProjectionRunnerThreadOptions,
} from './runner/projection-runner-thread';
export type { RunnerContentKeys, RunnerSearchBlobText } from './runner/runner-thread-protocol';
export type { RebuildProgress } from './runner/rebuild-progress';
export { SILENT_LOGGER, type RunnerLogger } from './runner/runner-logger';
export { createReadModelHandlers } from './create-read-model-handlers';
export { evolveSessionSummary } from './session-list/evolve-session-summary';
export { SessionListHandler } from './session-list/session-list-handler';
export { SessionListReader, type SessionListPage } from './session-list/session-list-reader';
export type { SessionSummary } from './session-list/session-summary';
export { exportRedaction, type ExportPolicy } from './session-views/export-policy';
export { viewRedaction, type ViewRedactionRule } from './session-views/view-redaction';
export { SessionViewsHandler } from './session-views/session-views-handler';
export {
  countExportRow,
  emptyExport,
  SessionViewsReader,
  type ExportStep,
  type TranscriptCursor,
  type TranscriptEntry,
  type TranscriptPage,
} from './session-views/session-views-reader';
export { computeSessionReadModels } from './snapshot/compute-session-read-models';
export { jsonDifferences } from './snapshot/json-differences';
export { readSessionReadModels } from './snapshot/read-session-read-models';
export type { SessionReadModels } from './snapshot/session-read-models';
export { storedDifferences } from './snapshot/stored-differences';
export { verifySessionReadModels } from './snapshot/verify-session-read-models';
export { AnalyticsReader } from './analytics/analytics-reader';
export { AnalyticsTimelineHandler } from './analytics/analytics-timeline-handler';
export { RecordedMessagesHandler } from './search/recorded-messages-handler';
export { DEFAULT_SEARCH_BLOB_TEXT_BYTES, type SearchBlobText } from './search/search-blob-text';
export {
  searchIndexEntries,
  searchIndexEntry,
  type SearchIndexEntry,
} from './search/search-index-entry';
export {
  InvalidSearchCursorError,
  SearchReader,
  type SearchPage,
  type SearchRequest,
  type SearchResult,
} from './search/search-reader';
export { recordedMessages } from './search/recorded-messages';
