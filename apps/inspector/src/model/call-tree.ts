import type { TranscriptEntry } from '@agent-ledger/client';
import type { ToolPairs } from './pair-tool-calls';
import type { ModelCall } from './session-timeline';

/** A row of the session's tree, flat so the transcript stays windowed; `depth` indents it. */
export type TreeRow =
  | {
      type: 'message';
      key: string;
      depth: number;
      entry: TranscriptEntry;
      /** A tool call's results (their own messages), shown with it as one item. */
      results: TranscriptEntry[];
      /** A `user_input` opening a turn: its 1-based number. */
      turn?: number;
      /** Recorded after the time-travel point (or at an unknown revision after such a message). */
      later: boolean;
    }
  | { type: 'call'; key: string; depth: number; call: ModelCall; later: boolean }
  /** Where the time-travel point is: everything above it was recorded by then. */
  | { type: 'point'; key: string; depth: 0; revision: number };

/** The tree and where each message is in it. */
export interface CallTree {
  rows: TreeRow[];
  /** Message id → its row (a tool result folded into its call's row has the call's). */
  rowOf: Map<string, number>;
  /** The `point` row, when a revision was given. */
  pointRow?: number;
}

/**
 * The transcript as a tree, turn by turn: a user input opens a turn; each recorded model call is
 * a row before the first of its response messages (`messageIds`), which sit under it; a tool
 * call carries the results that answer it (a result whose call is not in the transcript stays a
 * row of its own). At a time-travel point (`atRevision`), the messages recorded after it are
 * marked `later` and a `point` row stands before the first of them: with `messageRevisions`
 * known only for some messages (a key without the audit scope), a message after one recorded
 * later is later too, since the transcript is in log order.
 */
export function callTree(
  entries: readonly TranscriptEntry[],
  pairs: ToolPairs,
  calls: readonly ModelCall[],
  point?: { atRevision: number; messageRevisions: ReadonlyMap<string, number> },
): CallTree {
  const callOfMessage = new Map<string, ModelCall>();
  for (const call of calls)
    for (const messageId of call.messageIds) callOfMessage.set(messageId, call);
  const present = new Set(entries.map((entry) => entry.id));
  const rows: TreeRow[] = [];
  const rowOf = new Map<string, number>();
  const placedCalls = new Set<string>();
  const unplaced = [...calls].filter(
    (call) => !call.messageIds.some((messageId) => present.has(messageId)),
  );
  let turn = 0;
  let later = false;
  let pointRow: number | undefined;

  const placePoint = (): void => {
    if (point === undefined || pointRow !== undefined) return;
    pointRow = rows.length;
    rows.push({ type: 'point', key: 'point', depth: 0, revision: point.atRevision });
  };
  const pushCall = (call: ModelCall, isLater: boolean): void => {
    placedCalls.add(call.callId);
    rows.push({
      type: 'call',
      key: `call:${call.callId}`,
      depth: turn > 0 ? 1 : 0,
      call,
      later: isLater,
    });
  };
  const inTurn = (): number => (turn > 0 ? 1 : 0);

  for (const entry of entries) {
    if (entry.kind === 'tool_result' && answersPresentCalls(entry, pairs, present)) {
      const callRow = rowOf.get(callMessageOf(entry, pairs) ?? '');
      const row = callRow === undefined ? undefined : rows[callRow];
      if (callRow !== undefined && row?.type === 'message') {
        row.results.push(entry);
        rowOf.set(entry.id, callRow);
        continue;
      }
    }
    const revision = point?.messageRevisions.get(entry.id);
    if (point !== undefined && !later && revision !== undefined && revision > point.atRevision) {
      later = true;
    }
    // Calls that brought no message of the transcript, in revision order where it is known.
    while (revision !== undefined && unplaced[0] !== undefined && unplaced[0].revision < revision) {
      const call = unplaced.shift();
      if (call !== undefined) {
        if (point !== undefined && call.revision > point.atRevision) {
          later = true;
          placePoint();
        }
        pushCall(call, later);
      }
    }
    if (later) placePoint();
    if (entry.kind === 'user_input') {
      turn += 1;
      rowOf.set(entry.id, rows.length);
      rows.push({
        type: 'message',
        key: entry.id,
        depth: 0,
        entry,
        results: [],
        turn,
        later,
      });
      continue;
    }
    const call = callOfMessage.get(entry.id);
    if (call !== undefined && !placedCalls.has(call.callId)) pushCall(call, later);
    const depth = inTurn() + (call === undefined ? 0 : 1);
    rowOf.set(entry.id, rows.length);
    rows.push({ type: 'message', key: entry.id, depth, entry, results: [], later });
  }
  for (const call of unplaced) {
    if (point !== undefined && call.revision > point.atRevision) placePoint();
    pushCall(call, point !== undefined && call.revision > point.atRevision);
  }
  placePoint();
  return pointRow === undefined ? { rows, rowOf } : { rows, rowOf, pointRow };
}

function resultCallIds(entry: TranscriptEntry): string[] {
  if (!Array.isArray(entry.content)) return [];
  return (entry.content as unknown[]).flatMap((part) => {
    const record =
      typeof part === 'object' && part !== null ? (part as Record<string, unknown>) : {};
    return record['type'] === 'tool-result' && typeof record['toolCallId'] === 'string'
      ? [record['toolCallId']]
      : [];
  });
}

/** Whether every call the result answers is a message of this transcript. */
function answersPresentCalls(
  entry: TranscriptEntry,
  pairs: ToolPairs,
  present: ReadonlySet<string>,
): boolean {
  const ids = resultCallIds(entry);
  const calls = new Set(ids.map((id) => pairs.callOf.get(id)?.messageId));
  return (
    ids.length > 0 &&
    calls.size === 1 &&
    [...calls].every((id) => id !== undefined && present.has(id))
  );
}

function callMessageOf(entry: TranscriptEntry, pairs: ToolPairs): string | undefined {
  const [first] = resultCallIds(entry);
  return first === undefined ? undefined : pairs.callOf.get(first)?.messageId;
}
