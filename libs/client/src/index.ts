export type {
  ApiKey,
  CreateKeyRequest,
  CreatedKey,
  Scope,
  WhoamiResponse,
} from './contract/access';
export type { JsonObject, JsonValue } from './contract/json-value';
export type {
  RuntimeMessageInput,
  RuntimeMessageKind,
  RuntimeMessageRole,
} from './contract/runtime-message';
export type {
  AppendMessagesRequest,
  CommandResult,
  CompactSessionRequest,
  EndSessionRequest,
  OverflowAttemptRecord,
  RecordOverflowRecoveryRequest,
  ForkSessionRequest,
  RewindResult,
  RewindSessionRequest,
  HandoffSessionRequest,
  PruneToolResultsRequest,
  PruningPolicy,
  RecordAiSdkStepRequest,
  WithExpectedRevision,
} from './contract/commands';
export type {
  DebugEntry,
  DebugPage,
  ProviderContextChangeEntry,
  EventsQuery,
  ExportResponse,
  FailedEvent,
  HealthResponse,
  LiveResponse,
  ReadyResponse,
  ModelCallEntry,
  ModelCallsPage,
  ModelContextCall,
  ModelContextDiagnostics,
  ModelContextFormat,
  ModelContextQuery,
  ModelContextBudget,
  ModelContextResponse,
  ModelViewOptions,
  PageQuery,
  ProjectionDiagnostics,
  SessionEventsPage,
  SessionListPage,
  SessionRepair,
  SessionSummary,
  StoredEvent,
  TranscriptEntry,
  ProviderCompactionEntry,
  TranscriptPage,
  TranscriptStreamEvent,
} from './contract/queries';
export type {
  AnalyticsGroup,
  AnalyticsGroupBy,
  AnalyticsPage,
  AnalyticsQuery,
  ContextShrinkFigures,
  ModelCallRow,
  SessionAnalytics,
  SizeFigures,
  TokenTotals,
} from './contract/analytics';
export type {
  ClaudeCodeEntries,
  ExportBlobsOption,
  JsonlExportOptions,
  RecordClaudeCodeEntriesRequest,
  RecordClaudeCodeEntriesResult,
  ImportFormat,
  ImportHistoryRequest,
  ImportHistoryResult,
  OtelGenAiExport,
  UiMessagesExport,
} from './contract/interchange';
export type { SearchPage, SearchQuery, SearchResult } from './contract/search';
export type { ErrorBody, LedgerErrorCode } from './contract/errors';
export {
  createLedgerClient,
  type LedgerClient,
  type RecordAiSdkStepOptions,
} from './create-ledger-client';
export {
  LedgerSession,
  type CompactOptions,
  type HandoffOptions,
  type LedgerPrompt,
  type LedgerStep,
  type LedgerSessionOptions,
  type OverflowRecoveryOptions,
  type NewMessage,
  type PromptOptions,
  type RecordableStep,
  type SummarizerSettings,
} from './ledger-session';
export { LedgerConnectionError, LedgerError, isLedgerError } from './ledger-error';
export type { LedgerClientOptions, RequestSpec } from './transport';
export type { RetryOptions } from './retry-policy';
export type { TranscriptStreamOptions } from './transcript-stream';
export { collect } from './paginate';
export {
  DEFAULT_BLOB_THRESHOLD_BYTES,
  uploadLargeOutputs,
  type LargeOutputUploads,
} from './upload-large-outputs';
export type { BlobRange, BlobRef } from './contract/blobs';
export { contextOverflowOf, type ContextOverflow } from './ai-sdk/context-overflow-of';
export { ContextOverflowUnrecovered } from './ai-sdk/context-overflow-error';
export {
  nextOverflowShrink,
  type OverflowShrinkStep,
  type OverflowShrinkStrategy,
} from './ai-sdk/next-overflow-shrink';
export {
  pendingApprovals,
  type ApprovalAnswer,
  type PendingApproval,
} from './ai-sdk/pending-approvals';
export type {
  CreateErasureRequest,
  ErasedSession,
  ErasureReceipt,
  ErasureReceiptPage,
  RetentionRunRequest,
  RetentionRunResult,
} from './contract/erasures';
