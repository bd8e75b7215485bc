export {
  AiSdkConversionError,
  NonJsonValueError,
  UnsupportedAiSdkMessageError,
  UnsupportedAiSdkPartError,
} from './errors';
export { assistantFileText } from './assistant-file-text';
export {
  AWAITING_APPROVAL_TEXT,
  LEADING_USER_TEXT,
  MISSING_TOOL_RESULT_TEXT,
} from './fallback-texts';
export {
  fromAiSdkMessages,
  type FromAiSdkMessagesOptions,
  type ResponseMessageSource,
} from './from-ai-sdk-messages';
export {
  providerProfileOf,
  type ProviderProfile,
  type ReasoningSignature,
} from './provider-profile-of';
export { summaryText, type SummaryKind } from './summary-text';
export type {
  AiSdkSerializerOptions,
  FallbackRule,
  SerializationFallback,
  SerializationReport,
} from './serialization-report';
export { systemReminder } from './system-reminder';
export { toAiSdkMessages } from './to-ai-sdk-messages';
export {
  mergesUserMessages,
  seamHolds,
  toAiSdkMessagesPart,
  toAiSdkMessagesWithReport,
  type AiSdkPart,
  type AiSdkPartEdges,
  type AiSdkPartPlace,
} from './to-ai-sdk-messages-with-report';
export { promptOf, toAiSdkPrompt, type AiSdkPrompt } from './to-ai-sdk-prompt';
export { toolCallText } from './tool-call-text';
export {
  DEFAULT_SUMMARIZATION_INSTRUCTIONS,
  SUMMARIZATION_REQUEST,
  toSummarizationPrompt,
  type SummarizationPrompt,
  type SummarizationPromptOptions,
} from './to-summarization-prompt';
