export {
  OPEN_WRITER,
  SessionCommandRunner,
  type SessionCommandResult,
  type SessionCommandRunnerOptions,
  type SessionWriter,
} from './session-command-runner';
export {
  SqliteDeciderSnapshots,
  type DeciderSnapshotStore,
  type StoredDeciderSnapshot,
} from './decider-snapshots';
export { UnreadableSessionEventError } from './unreadable-session-event.error';
export { WriteContendedError } from './write-contended.error';
export { runImportPlan, type ImportBlobStorage, type ImportHistoryResult } from './run-import-plan';
export { storeLargeOutputs, type LargeOutputStorage } from './store-large-outputs';
export { storeCommandOutputs } from './store-command-outputs';
export { UnknownBlobError } from './unknown-blob.error';
export { InvalidInputBlobError } from './invalid-input-blob.error';
export {
  readClaudeCodeEntries,
  recordClaudeCodeEntries,
  type ClaudeCodeEntriesRequest,
  type ClaudeCodeEntriesResult,
} from './record-claude-code-entries';
export type { ForkCarry, ForkRequest, ForkResult, RewindResult } from './session-command-runner';
export { ForkTargetExistsError, ForkTooLargeError } from './fork-errors';
export { forkCarry } from './fork-carry';
export {
  SessionErasure,
  type ErasureRequester,
  type SessionErasureOptions,
} from './erasure/session-erasure';
export { foldErasureReceipts, type ErasureReceipt } from './erasure/erasure-receipt';
export { ErasureIncompleteError } from './erasure/erasure-errors';
