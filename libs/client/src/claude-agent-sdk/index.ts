export {
  createClaudeSessionStore,
  type ClaudeSessionStoreOptions,
} from './create-claude-session-store';
export { ledgerSessionIdOf, subpathSessionIdOf } from './ledger-session-id-of';
export type {
  ClaudeSessionStore,
  FoldSessionSummary,
  SessionKey,
  SessionStoreEntry,
  SessionSummaryEntry,
} from './session-store-types';
