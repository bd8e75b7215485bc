import type { DebugEntry } from '@agent-ledger/client';

/** A compaction of the session's current line, as `compaction_dropped` names it. */
export interface CompactionSummary {
  boundaryId: string;
  createdAt: string;
  /** Whether the model view applies it now (the latest boundary of the current line). */
  applied: boolean;
}

/** What one compaction took out of the model's view. */
export interface CompactionDropped {
  boundaryId: string;
  applied: boolean;
  /** The messages it took out, in log order: their ids, kinds and times. */
  dropped: Array<{ messageId: string; kind: string; createdAt: string }>;
  /** Every compaction of the current line, oldest first. */
  compactions: CompactionSummary[];
}

/** The boundary named is not a compaction of the session's current line. */
export class UnknownCompactionError extends Error {
  readonly code = 'UnknownCompaction';
}

/**
 * Which messages a compaction took out of the model's view, read from the debug view (every
 * message of the session with what the model view does with it and why). The applied boundary's
 * are the messages the view hides as `before-compact-boundary:<id>`. An earlier boundary's are
 * those of them recorded before it, less the recent turns it kept verbatim (from its
 * `retainFromMessageId` on): a message an earlier compaction dropped stays out of the view after a
 * later one. Rewound messages are off the line and are not counted.
 */
export function compactionDropped(
  entries: readonly DebugEntry[],
  boundaryId?: string,
): CompactionDropped {
  const line = entries.filter((entry) => entry.rewound !== true);
  const boundaries = line.filter((entry) => entry.kind === 'compact_boundary');
  const last = boundaries.at(-1);
  const compactions = boundaries.map((entry) => ({
    boundaryId: entry.id,
    createdAt: entry.createdAt,
    applied: entry === last,
  }));
  const target = boundaryId === undefined ? last : boundaries.find((b) => b.id === boundaryId);
  if (target === undefined || last === undefined) {
    const known = boundaries.map((entry) => `"${entry.id}"`).join(', ');
    throw new UnknownCompactionError(
      boundaries.length === 0
        ? 'The session has no compaction on its current line: nothing was taken out of the model view by one.'
        : `No compaction "${boundaryId ?? ''}" on the session's current line; its compactions are ${known} (leave boundaryId out for the applied one).`,
    );
  }
  const hiddenByApplied = `before-compact-boundary:${last.id}`;
  const targetIndex = line.indexOf(target);
  const retainFrom = retainFromMessageIdOf(target);
  const retainIndex =
    retainFrom === undefined ? -1 : line.findIndex((entry) => entry.id === retainFrom);
  const end = target === last ? line.length : retainIndex >= 0 ? retainIndex : targetIndex;
  const dropped = line
    .slice(0, end)
    .filter((entry) => entry.model.reason === hiddenByApplied)
    .map((entry) => ({ messageId: entry.id, kind: entry.kind, createdAt: entry.createdAt }));
  return { boundaryId: target.id, applied: target === last, dropped, compactions };
}

function retainFromMessageIdOf(entry: DebugEntry): string | undefined {
  const content = entry.content as { retainFromMessageId?: unknown } | null;
  return typeof content?.retainFromMessageId === 'string' ? content.retainFromMessageId : undefined;
}
