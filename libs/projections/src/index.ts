export type {
  CompactMessage,
  CompactProjectionResult,
  CompactSemanticType,
  DebugMessage,
  ExportDiagnostics,
  ExportMessage,
  ExportProjectionResult,
  ExportSemanticType,
  ModelHiddenOutcome,
  ModelHiddenReason,
  ModelMessage,
  ModelMessagePart,
  ModelOutcome,
  ModelSemanticType,
  ModelShownOutcome,
  ProjectToCompactOptions,
  ProjectToModelOptions,
  ProjectedMessageBase,
  ProjectionContext,
  ProjectionDiagnostics,
  ProjectionResult,
  ProjectionView,
  ToolResultStubCause,
  TranscriptMessage,
} from './types';
export {
  CLEARED_TOOL_RESULT_TEXT,
  DEFAULT_RECENT_USER_TURNS,
  DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS,
  LATEST_TURN_BLOB_TEXT_LIMIT_CHARS,
  OMITTED_TOOL_RESULT_TEXT,
  SYSTEM_REMINDER_TAG,
} from './defaults';
export { projectToCompact } from './project-to-compact';
export { projectToDebug } from './project-to-debug';
export { projectToExport, type ProjectToExportOptions } from './project-to-export';
export {
  keptUserInputIndexes,
  projectModelViewPart,
  projectToModel,
  recentUserTurnsOf,
  type ModelViewPart,
} from './project-to-model';
export type { ModelViewPartContext } from './plan-model-view';
export { projectToTranscript } from './project-to-transcript';
export { lastAgentName } from './last-agent-name';
export { redactSecrets } from './redact-secrets';
export { isIdKey, isNonDataUrl, redactId } from './redact-id';
export { SECRET_RULES_VERSION } from './secret-rules';
export {
  renderExportMarkdown,
  renderExportMarkdownHeading,
  renderExportMarkdownSection,
  renderExportMarkdownTitle,
} from './render-export-markdown';
export { renderExportPart } from './render-export-part';
export type {
  AttachmentRule,
  ProviderCapabilities,
  ProviderFamily,
  ReasoningReplay,
} from './providers/provider-capabilities';
export { providerCapabilitiesOf } from './providers/provider-capabilities-of';
export {
  supportsAttachment,
  type AttachmentPlace,
  type AttachmentToSend,
} from './supports-attachment';
export type { SearchDocument, SearchVisibility } from './search/search-document';
export type { SearchExpression, SearchFilters, SearchQuery } from './search/search-query';
export { SearchQuerySyntaxError } from './search/search-query-syntax-error';
export { parseSearchQuery } from './search/parse-search-query';
export { projectToSearch } from './search/project-to-search';
export { searchFactsOf } from './search/search-facts-of';
export { searchSnippet, SNIPPET_MATCH_END, SNIPPET_MATCH_START } from './search/search-snippet';
export { searchTextOf } from './search/search-text-of';
export { searchIndexText, searchTokens, type SearchTokens } from './search/search-tokens';
export {
  searchVisibility,
  type SearchBoundary,
  type SearchVisibilityFacts,
} from './search/search-visibility';
export { toolNamesOf } from './search/tool-names-of';
export { toolOutputText } from './search/tool-output-text';
export type {
  MessageAnalyticsFacts,
  ModelCallFacts,
  ToolResultFact,
} from './analytics/analytics-facts';
export { analyticsFactsOf } from './analytics/analytics-facts-of';
export { messageKindFacts, type MessageKindFacts } from './analytics/message-kind-facts';
export {
  groupAnalytics,
  type AnalyticsGroup,
  type AnalyticsGroupBy,
  type SessionAnalyticsFacts,
} from './analytics/group-analytics';
export {
  MODEL_CALL_FACTS_VERSION,
  modelCallFactsOf,
  type RecordedModelCall,
} from './analytics/model-call-facts-of';
export { projectToAnalytics } from './analytics/project-to-analytics';
export { CACHE_PRICE_WEIGHTS, type AnalyticsTimelineEntry } from './analytics/analytics-timeline';
export { contextShrinkFigures } from './analytics/context-shrink-figures';
export type {
  CompactionFigures,
  ProviderCompactionFigures,
  ContextShrinkFigures,
  ModelCallFigures,
  ModelCallRow,
  SessionAnalytics,
  TokenEstimateFigures,
  SizeFigures,
  TokenTotals,
  ToolFigures,
} from './analytics/session-analytics';
export { modelKeyOf, sizeFigures, summarizeAnalytics } from './analytics/summarize-analytics';
export {
  BUDGET_TRUNCATION_CHARS,
  COMPACTION_NEEDED,
  DEFAULT_BUDGET_LOW_WATER,
  fitModelViewToBudget,
  type BudgetDiagnostics,
  type FittedModelView,
  type ModelViewBudget,
} from './fit-model-view-to-budget';
export { blobExcerptLengths, type BlobExcerpt, type BlobExcerpts } from './blob-excerpt';
export { blobTextsOf } from './blob-texts-of';
export { blobTextExcerptsKey } from './blob-text-excerpts-key';
export { inlineBlobOutput, type InlinedBlobOutput } from './inline-blob-output';
export {
  asBlobAttachmentPart,
  blobAttachmentNote,
  inlineBlobAttachments,
  type BlobAttachmentPart,
  type BlobAttachments,
} from './inline-blob-attachments';
export { truncationMarker } from './truncation-marker';
export { toolResultSoftLimitOf } from './tool-result-soft-limit-of';
export {
  applyProviderCompaction,
  type ProviderCompactionDiagnostics,
  type ProviderCompactionFacts,
} from './apply-provider-compaction';
export {
  providerCompactionEntryOf,
  type ProviderCompactionEntry,
} from './provider-compaction-entry-of';
