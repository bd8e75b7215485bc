export type {
  BlobAttachmentData,
  BlobbedOutputType,
  BlobToolResultOutput,
  ContentBlobRef,
  ContentPart,
  FilePart,
  ImagePart,
  JsonObject,
  JsonPathStep,
  JsonValue,
  ProviderOptions,
  ReasoningPart,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolInputBlob,
  ToolResultContentItem,
  ToolResultOutput,
  ToolResultPart,
} from './content-parts';
export type {
  AgentSwitchContent,
  AgentSwitchNoteMessage,
  AssistantReasoningMessage,
  AssistantTextMessage,
  CompactBoundaryContent,
  CompactBoundaryMessage,
  CompactSummaryMessage,
  HandoffSummaryMessage,
  RuntimeMessage,
  RuntimeMessageBase,
  RuntimeMessageKind,
  RuntimeMessageMetadata,
  RuntimeMessageOfKind,
  RuntimeMessageRole,
  RuntimeReminderMessage,
  SystemNoteMessage,
  ToolApprovalRequestMessage,
  ToolApprovalResponseMessage,
  ToolCallMessage,
  ToolResultMessage,
  UserInputMessage,
} from './runtime-message';
export { ROLE_OF_KIND, RUNTIME_MESSAGE_KINDS, isRuntimeMessageKind } from './runtime-message-kinds';
export { derivedOnce, freezeDeep } from './derived-once';
export {
  providerCompactionFamilyOf,
  type ProviderCompactionFamily,
} from './provider-compaction-family-of';
export { valueAtPath } from './value-at-path';
export { replaceAtPath } from './replace-at-path';
