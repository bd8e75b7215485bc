/**
 * Test helpers shared by the libs' and apps' tests: fast-check arbitraries of runtime messages and
 * session histories, and the seed's worked example. Never imported by production code.
 */
export {
  LONG_TOOL_RESULT_CHARS,
  arbitraryAgentSwitchContent,
  arbitraryCompactBoundaryContent,
  arbitraryFilePart,
  arbitraryId,
  arbitraryImagePart,
  arbitraryJsonValue,
  arbitraryLongText,
  arbitraryReasoningPart,
  arbitraryText,
  arbitraryTextPart,
  arbitraryTimestamp,
  arbitraryToolApprovalRequestPart,
  arbitraryToolApprovalResponsePart,
  arbitraryToolCallPart,
  arbitraryToolName,
  arbitraryToolResultOutput,
  arbitraryToolResultPart,
} from './arbitrary-content';
export {
  arbitraryMetadata,
  arbitraryRuntimeMessage,
  type ArbitraryRuntimeMessageOptions,
} from './arbitrary-runtime-message';
export {
  arbitrarySessionHistory,
  type ArbitrarySessionHistoryOptions,
} from './arbitrary-session-history';
export { seedExampleMessages } from './seed-example-messages';
export { SEED_EXAMPLE_COMPACTED_AT, seedExampleEvents } from './seed-example-events';
export { seedExampleAiSdkMessages, seedExampleModelMessages } from './seed-example-expected';
export { appendSessionEvents } from './append-session-events';
