import type { SessionState, ToolResultFacts } from './session-state';
import { SESSION_STATE_SNAPSHOT_VERSION } from './session-state-snapshot';

/**
 * The `SessionState` a `SessionStateSnapshot` describes, or `undefined` when `snapshot` is not one
 * of this version (another version, a damaged or foreign value): the caller then folds the
 * state from the log. Every field is checked; nothing read from storage is trusted by its shape.
 */
export function restoreSessionState(snapshot: unknown): SessionState | undefined {
  if (typeof snapshot !== 'object' || snapshot === null) return undefined;
  const value = snapshot as Record<string, unknown>;
  if (value['version'] !== SESSION_STATE_SNAPSHOT_VERSION) return undefined;
  const status = value['status'];
  if (status !== 'new' && status !== 'active' && status !== 'ended') return undefined;
  const subjectId = value['subjectId'];
  if (subjectId !== undefined && typeof subjectId !== 'string') return undefined;
  const userTurns = value['userTurns'];
  if (!isCount(userTurns)) return undefined;
  const messageFingerprints = stringMap(value['messageFingerprints'], isString);
  const modelCalls = stringMap(value['modelCalls'], isString);
  const generationResponseCounts = stringMap(value['generationResponseCounts'], isCount);
  const toolResults = toolResultMap(value['toolResults']);
  const lineEpoch = value['lineEpoch'];
  if (lineEpoch !== undefined && !isCount(lineEpoch)) return undefined;
  const sets = [
    'toolCallIds',
    'answeredToolCallIds',
    'approvalIds',
    'answeredApprovalIds',
    'boundaryIds',
    'summarizedBoundaryIds',
  ].map((name) => stringSet(value[name]));
  const [
    toolCallIds,
    answeredToolCallIds,
    approvalIds,
    answeredApprovalIds,
    boundaryIds,
    summarized,
  ] = sets;
  if (
    messageFingerprints === undefined ||
    modelCalls === undefined ||
    generationResponseCounts === undefined ||
    toolResults === undefined ||
    toolCallIds === undefined ||
    answeredToolCallIds === undefined ||
    approvalIds === undefined ||
    answeredApprovalIds === undefined ||
    boundaryIds === undefined ||
    summarized === undefined
  ) {
    return undefined;
  }
  return {
    status,
    subjectId,
    messageFingerprints,
    toolCallIds,
    answeredToolCallIds,
    approvalIds,
    answeredApprovalIds,
    boundaryIds,
    summarizedBoundaryIds: summarized,
    toolResults,
    userTurns,
    modelCalls,
    generationResponseCounts,
    ...(lineEpoch === undefined ? {} : { lineEpoch }),
  };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function stringSet(value: unknown): Set<string> | undefined {
  if (!Array.isArray(value) || !value.every(isString)) return undefined;
  return new Set(value);
}

function stringMap<V>(
  value: unknown,
  isValue: (item: unknown) => item is V,
): Map<string, V> | undefined {
  if (!Array.isArray(value) || value.length % 2 !== 0) return undefined;
  const map = new Map<string, V>();
  for (let index = 0; index < value.length; index += 2) {
    const key: unknown = value[index];
    const item: unknown = value[index + 1];
    if (!isString(key) || !isValue(item)) return undefined;
    map.set(key, item);
  }
  return map;
}

function toolResultMap(value: unknown): Map<string, ToolResultFacts> | undefined {
  if (!Array.isArray(value) || value.length % 4 !== 0) return undefined;
  const map = new Map<string, ToolResultFacts>();
  for (let index = 0; index < value.length; index += 4) {
    const id: unknown = value[index];
    const length: unknown = value[index + 1];
    const userTurn: unknown = value[index + 2];
    const pruned: unknown = value[index + 3];
    if (!isString(id) || !isCount(length) || !isCount(userTurn) || (pruned !== 0 && pruned !== 1)) {
      return undefined;
    }
    map.set(id, { length, userTurn, pruned: pruned === 1 });
  }
  return map;
}
