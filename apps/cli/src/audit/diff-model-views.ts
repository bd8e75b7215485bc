import type { RuntimeMessageKind } from '@agent-ledger/messages';
import type {
  DebugMessage,
  ModelHiddenReason,
  ModelOutcome,
  ToolResultStubCause,
} from '@agent-ledger/projections';

/** Why a message left the model context: the model view's reason, or not recorded yet. */
export type RemovalReason = ModelHiddenReason | 'not-recorded';

/**
 * How one runtime message's place in the model context changed between two revisions. Messages
 * are named by id: the `sourceMessageIds` of the model messages made from them.
 */
export type ModelContextChange =
  | { change: 'added'; messageId: string; kind: RuntimeMessageKind }
  | {
      change: 'removed';
      messageId: string;
      kind: RuntimeMessageKind;
      reason: RemovalReason;
      /** The compaction that took it away, when that is the reason. */
      compactBoundaryId?: string;
    }
  | {
      /** Shown as the stub instead of its content: pruned, or aged out of the recent turns. */
      change: 'truncated';
      messageId: string;
      kind: RuntimeMessageKind;
      stub: true;
      cause: ToolResultStubCause;
      compactedAt?: string;
    }
  | {
      /** Shown cut to the soft limit. */
      change: 'truncated';
      messageId: string;
      kind: RuntimeMessageKind;
      stub: false;
      originalLength: number;
      keptLength: number;
    }
  | { change: 'untruncated'; messageId: string; kind: RuntimeMessageKind };

const BOUNDARY_REASON = 'before-compact-boundary:';

/**
 * What changed in the model context from one debug view to another (the same session at two
 * revisions, same projection options): messages that entered it, left it (and why: a
 * compaction, a superseded summary, …), were truncated (to the stub: pruned, or aged out of the
 * recent turns; or cut to the soft limit) or no longer are — "what did this compaction take away
 * from the model?". One word, `truncated`, as the model view's `truncatedMessageIds` has it. Messages whose place
 * did not change are not listed. In the order of `after`, then messages only in `before`.
 */
export function diffModelViews(
  before: readonly DebugMessage[],
  after: readonly DebugMessage[],
): ModelContextChange[] {
  const earlier = new Map(before.map((message) => [message.id, message.model]));
  const later = new Set(after.map((message) => message.id));
  const changes = after.flatMap((message) =>
    changesOf(message.id, message.kind, earlier.get(message.id), message.model),
  );
  for (const message of before) {
    if (later.has(message.id) || message.model.status !== 'shown') continue;
    changes.push({
      change: 'removed',
      messageId: message.id,
      kind: message.kind,
      reason: 'not-recorded',
    });
  }
  return changes;
}

function changesOf(
  messageId: string,
  kind: RuntimeMessageKind,
  before: ModelOutcome | undefined,
  after: ModelOutcome,
): ModelContextChange[] {
  const wasShown = before?.status === 'shown';
  if (after.status === 'hidden') {
    if (!wasShown) return [];
    const boundaryId = after.reason.startsWith(BOUNDARY_REASON)
      ? after.reason.slice(BOUNDARY_REASON.length)
      : undefined;
    return [
      {
        change: 'removed',
        messageId,
        kind,
        reason: after.reason,
        ...(boundaryId === undefined ? {} : { compactBoundaryId: boundaryId }),
      },
    ];
  }
  if (before?.status !== 'shown') return [{ change: 'added', messageId, kind }];
  const changes: ModelContextChange[] = [];
  if (after.compacted !== undefined) {
    if (before.compacted === undefined) {
      changes.push({
        change: 'truncated',
        messageId,
        kind,
        stub: true,
        cause: after.compacted.cause,
        ...(after.compacted.compactedAt === undefined
          ? {}
          : { compactedAt: after.compacted.compactedAt }),
      });
    }
  } else if (after.truncated !== undefined) {
    if (
      before.compacted !== undefined ||
      before.truncated === undefined ||
      before.truncated.keptLength !== after.truncated.keptLength
    ) {
      changes.push({ change: 'truncated', messageId, kind, stub: false, ...after.truncated });
    }
  } else if (before.compacted !== undefined || before.truncated !== undefined) {
    changes.push({ change: 'untruncated', messageId, kind });
  }
  return changes;
}
