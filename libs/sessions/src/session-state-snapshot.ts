/**
 * The version of `SessionStateSnapshot`'s shape and of what `evolveSession` puts in a state. A
 * snapshot of another version is not restored (the state is folded from the log instead): bump
 * it whenever `SessionState` or the way an event changes it changes.
 */
export const SESSION_STATE_SNAPSHOT_VERSION = 2;

/**
 * A `SessionState` as plain JSON, so that it can be stored and read back: maps and sets as flat
 * arrays (`[key, value, key, value, …]`, `[id, id, …]`), a tool result's facts as
 * `[id, length, userTurn, pruned (0 or 1)]` in order. Compact on purpose: a 20,000-event session
 * is read back in a few milliseconds.
 */
export interface SessionStateSnapshot {
  version: number;
  status: 'new' | 'active' | 'ended';
  /** Absent: the session names no data subject (2: the subject). */
  subjectId?: string;
  userTurns: number;
  messageFingerprints: string[];
  toolCallIds: string[];
  answeredToolCallIds: string[];
  approvalIds: string[];
  answeredApprovalIds: string[];
  boundaryIds: string[];
  summarizedBoundaryIds: string[];
  toolResults: Array<string | number>;
  modelCalls: string[];
  generationResponseCounts: Array<string | number>;
  /** `SessionState.lineEpoch`, when the session was rewound. */
  lineEpoch?: number;
}
