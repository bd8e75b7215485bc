export type {
  ClaudeCodeEntryBlob,
  MessageEventType,
  MessageRecordedEvent,
  ModelCallRecordedEvent,
  ModelCallCost,
  ModelCallContextTokens,
  ContextOverflowRecoveredEvent,
  OverflowAttempt,
  OverflowShrink,
  ProviderCompactionRecordedEvent,
  ProviderContextEdit,
  ProviderContextEditedEvent,
  ModelCallUsage,
  RecordedSessionEvent,
  SessionEndedEvent,
  SessionRewoundEvent,
  SessionEvent,
  SessionEventDataOf,
  SessionEventMetadata,
  SessionEventType,
  SessionStartedEvent,
  ToolResultsPrunedEvent,
} from './session-event';
export { EVENT_TYPE_OF_KIND, SESSION_STREAM_PREFIX, sessionStreamName } from './session-event';
export type { SessionEventHandlers } from './session-event-handlers';
export { handleSessionEvent } from './handle-session-event';
export {
  SESSION_EVENT_SCHEMA_VERSION,
  SUPPORTED_SESSION_EVENT_SCHEMA_VERSIONS,
} from './schema-version';
export { SESSION_EVENT_TYPES, isSessionEventType } from './is-session-event-type';
export { isMessageEventType } from './is-message-event-type';
export { eventTypeOfKind } from './event-type-of-kind';
export { kindOfEventType } from './kind-of-event-type';
export { messageRecorded } from './message-recorded';
export { validateSessionEventPayload } from './validate-session-event-payload';
export { schemaValidators } from './schema-validators';
export { parseRuntimeMessage, type ParseRuntimeMessageResult } from './parse-runtime-message';
export { parseRuntimeMessages, type ParseRuntimeMessagesResult } from './parse-runtime-messages';
export {
  normalizeSessionEvents,
  type NormalizeSessionEventsOptions,
  type NormalizedSession,
} from './normalize-session-events';
export { NO_RESULT_RECORDED_OUTPUT, settleOpenToolCalls } from './settle-open-tool-calls';
export type { Repair, RepairFinding, RepairType } from './repair';
export { pairMessage, type PairedMessage } from './pair-message';
export type {
  OpenToolCall,
  PairedEntry,
  PairingState,
  PlacedToolCall,
  ToolApprovalStatus,
} from './pairing-state';
export { InMemoryPairingState } from './in-memory-pairing-state';
export { firstFreeId } from './logged-message';
export { recordMessageOnce } from './record-message-once';
export { pruningMarkTargets } from './pruning-mark-targets';
export type { PruneTarget, RecordedSoFar } from './recorded-so-far';
export { foldSessionEvents, type FoldedSession } from './fold-session-events';
export {
  openToolCallOutcome,
  reportOpenToolCalls,
  type OpenToolCallOutcome,
} from './report-open-tool-calls';
export { sameJson } from './same-json';
export {
  DEFAULT_TENANT,
  SESSION_KEY_SEPARATOR,
  TENANT_NAME_PATTERN,
  sessionKeyOf,
  splitSessionKey,
} from './session-key';
export {
  ModelCallNotFoundError,
  RevisionNotFoundError,
  SessionNotFoundError,
  SessionReadError,
} from './session-read-errors';
export type { SessionLogEvent } from './session-log-event';
export type { SessionRepair } from './session-repair';
export { parseSessionLogEvent, type ParsedSessionLogEvent } from './parse-session-log-event';
export { currentLine, rewoundRange, type RevisionedEvent } from './current-line';
export {
  ERASURE_STREAM,
  LEDGER_EVENT_TYPES,
  isLedgerEventType,
  type ErasedSessionFacts,
  type ErasureAction,
  type ErasureCompletedEvent,
  type ErasureRequestedEvent,
  type LedgerEvent,
} from './ledger-event';
export { parseLedgerEvent } from './parse-ledger-event';
export {
  ACCESS_EVENT_TYPES,
  ACCESS_STREAM,
  isAccessEventType,
  type AccessEvent,
  type ApiKeyCreatedEvent,
  type ApiKeyRevokedEvent,
} from './access-event';
export { parseAccessEvent } from './parse-access-event';
