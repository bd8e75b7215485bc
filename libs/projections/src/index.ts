export type {
  CompactMessage,
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
  OMITTED_TOOL_RESULT_TEXT,
  SYSTEM_REMINDER_TAG,
} from './defaults';
export { projectToCompact } from './project-to-compact';
export { projectToDebug } from './project-to-debug';
export { projectToExport, type ProjectToExportOptions } from './project-to-export';
export { projectToModel } from './project-to-model';
export { projectToTranscript } from './project-to-transcript';
export { redactSecrets } from './redact-secrets';
export { renderExportMarkdown } from './render-export-markdown';
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
