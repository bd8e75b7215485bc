import type { RuntimeMessage } from '@agent-ledger/messages';

/** The boundary a model view starts from, and the summary that opens its context. */
export interface AppliedCompactBoundary {
  /** Index of the boundary in the input. */
  index: number;
  id: string;
  /** Index of the summary that opens the context, when the boundary has one. */
  summaryIndex?: number;
  /**
   * Where the window starts: right after the boundary, or at the message the boundary retains
   * recent turns from (`content.retainFromMessageId`, when it is an earlier message of the input).
   */
  windowStart: number;
}

/** Where the compacted context starts, as found by `findCompactWindow`. */
export interface CompactWindow {
  /** Ids of every `compact_boundary` in the input. */
  boundaryIds: ReadonlySet<string>;
  /** The latest boundary, when boundaries are applied and there is one. */
  applied?: AppliedCompactBoundary;
}

/**
 * Finds the latest `compact_boundary` (by position), the summary written for it (the latest
 * eligible `compact_summary` whose `metadata.summaryForBoundaryId` names it, wherever it sits:
 * runtimes write it just before or just after the boundary), and where its window starts (after
 * it, or at the recent turns it retains).
 */
export function findCompactWindow(
  messages: readonly RuntimeMessage[],
  applyCompactBoundary: boolean,
): CompactWindow {
  const boundaryIds = new Set<string>();
  let boundary: { index: number; id: string; retainFromMessageId?: string } | undefined;
  messages.forEach((message, index) => {
    if (message.kind !== 'compact_boundary') return;
    boundaryIds.add(message.id);
    const retainFromMessageId = message.content.retainFromMessageId;
    boundary = {
      index,
      id: message.id,
      ...(retainFromMessageId === undefined ? {} : { retainFromMessageId }),
    };
  });
  if (!applyCompactBoundary || boundary === undefined) return { boundaryIds };
  const boundaryId = boundary.id;
  const boundaryIndex = boundary.index;
  const retainedIndex =
    boundary.retainFromMessageId === undefined
      ? -1
      : messages.findIndex((message) => message.id === boundary?.retainFromMessageId);
  const windowStart =
    retainedIndex >= 0 && retainedIndex < boundaryIndex ? retainedIndex : boundaryIndex + 1;
  const summaryIndex = messages.findLastIndex(
    (message) =>
      message.kind === 'compact_summary' &&
      message.metadata?.summaryForBoundaryId === boundaryId &&
      message.metadata.eligibleForModelContext !== false,
  );
  const applied = { index: boundaryIndex, id: boundaryId, windowStart };
  return { boundaryIds, applied: summaryIndex === -1 ? applied : { ...applied, summaryIndex } };
}
