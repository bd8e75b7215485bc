import type { SessionState } from './session-state';

/** The state of a session that has no event yet. */
export function initialSessionState(): SessionState {
  return {
    status: 'new',
    subjectId: undefined,
    messageFingerprints: new Map(),
    toolCallIds: new Set(),
    answeredToolCallIds: new Set(),
    approvalIds: new Set(),
    answeredApprovalIds: new Set(),
    boundaryIds: new Set(),
    summarizedBoundaryIds: new Set(),
    toolResults: new Map(),
    userTurns: 0,
    modelCalls: new Map(),
    generationResponseCounts: new Map(),
  };
}
