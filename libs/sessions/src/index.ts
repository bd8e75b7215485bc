export { decideSession } from './decide-session';
export { evolveSession } from './evolve-session';
export { handoffMessages } from './handoff-messages';
export { canonicalJson } from './canonical-json';
export { initialSessionState } from './initial-session-state';
export { messageFingerprint } from './message-fingerprint';
export type {
  AppendMessages,
  CompactSession,
  EndSession,
  HandoffSession,
  ModelCallFacts,
  PruneSelection,
  PruneToolResults,
  RecordModelCall,
  RecordClaudeCodeEntries,
  SessionCommand,
  SessionDecisionContext,
} from './session-command';
export { SESSION_EVENT_ID_NAMESPACE, sessionEventId } from './session-event-id';
export { sessionIncarnation } from './session-incarnation';
export {
  SessionRuleError,
  type SessionRuleCode,
  type SessionRuleLocation,
} from './session-rule-error';
export type { SessionState, ToolResultFacts } from './session-state';
export { selectToolResultsToPrune } from './select-tool-results-to-prune';
export { toolResultLength } from './tool-result-length';
export { restoreSessionState } from './restore-session-state';
export {
  SESSION_STATE_SNAPSHOT_VERSION,
  type SessionStateSnapshot,
} from './session-state-snapshot';
export { snapshotSessionState } from './snapshot-session-state';
export { decideRewind, type RewindDecision, type RewindTarget } from './decide-rewind';
export { forkSessionEvents, type ForkSource } from './fork-session-events';
export { forkEventId } from './fork-event-id';
