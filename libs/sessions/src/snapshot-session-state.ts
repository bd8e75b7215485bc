import type { SessionState } from './session-state';
import {
  SESSION_STATE_SNAPSHOT_VERSION,
  type SessionStateSnapshot,
} from './session-state-snapshot';

/** `state` as a `SessionStateSnapshot` (plain JSON); `restoreSessionState` reads it back. */
export function snapshotSessionState(state: SessionState): SessionStateSnapshot {
  const toolResults: Array<string | number> = [];
  for (const [id, facts] of state.toolResults) {
    toolResults.push(id, facts.length, facts.userTurn, facts.pruned ? 1 : 0);
  }
  return {
    version: SESSION_STATE_SNAPSHOT_VERSION,
    status: state.status,
    ...(state.subjectId === undefined ? {} : { subjectId: state.subjectId }),
    userTurns: state.userTurns,
    messageFingerprints: flatEntries(state.messageFingerprints),
    toolCallIds: [...state.toolCallIds],
    answeredToolCallIds: [...state.answeredToolCallIds],
    approvalIds: [...state.approvalIds],
    answeredApprovalIds: [...state.answeredApprovalIds],
    boundaryIds: [...state.boundaryIds],
    summarizedBoundaryIds: [...state.summarizedBoundaryIds],
    toolResults,
    modelCalls: flatEntries(state.modelCalls),
    generationResponseCounts: flatEntries(state.generationResponseCounts),
    ...(state.lineEpoch === undefined ? {} : { lineEpoch: state.lineEpoch }),
  };
}

function flatEntries<V>(map: ReadonlyMap<string, V>): Array<string | V> {
  const flat: Array<string | V> = [];
  for (const [key, value] of map) flat.push(key, value);
  return flat;
}
