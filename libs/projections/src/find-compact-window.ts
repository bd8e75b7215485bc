import type { RuntimeMessage } from '@agent-ledger/messages';

/** The boundary a model view starts from, and the summary that opens its context. */
export interface AppliedCompactBoundary {
  /** Index of the boundary in the input. */
  index: number;
  id: string;
  /** Index of the summary that opens the context, when the boundary has one. */
  summaryIndex?: number;
}

/** Where the compacted context starts, as found by `findCompactWindow`. */
export interface CompactWindow {
  /** Ids of every `compact_boundary` in the input. */
  boundaryIds: ReadonlySet<string>;
  /** The latest boundary, when boundaries are applied and there is one. */
  applied?: AppliedCompactBoundary;
}

/**
 * Finds the latest `compact_boundary` (by position) and the summary written for it: the latest
 * eligible `compact_summary` whose `metadata.summaryForBoundaryId` names it, wherever it sits
 * (runtimes write it just before or just after the boundary).
 */
export function findCompactWindow(
  messages: readonly RuntimeMessage[],
  applyCompactBoundary: boolean,
): CompactWindow {
  const boundaryIds = new Set<string>();
  let boundary: { index: number; id: string } | undefined;
  messages.forEach((message, index) => {
    if (message.kind !== 'compact_boundary') return;
    boundaryIds.add(message.id);
    boundary = { index, id: message.id };
  });
  if (!applyCompactBoundary || boundary === undefined) return { boundaryIds };
  const boundaryId = boundary.id;
  const summaryIndex = messages.findLastIndex(
    (message) =>
      message.kind === 'compact_summary' &&
      message.metadata?.summaryForBoundaryId === boundaryId &&
      message.metadata.eligibleForModelContext !== false,
  );
  return {
    boundaryIds,
    applied: summaryIndex === -1 ? boundary : { ...boundary, summaryIndex },
  };
}
