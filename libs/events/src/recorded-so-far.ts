import type { RuntimeMessage } from '@agent-ledger/messages';

/** What a pruning mark needs of the message an event placed under an id it names. */
export interface PruneTarget {
  /** The runtime-message kind: only `tool_result` is pruned. */
  kind: string;
  /** Whether an earlier pruning mark reached it (`metadata.compactedAt` is set). */
  pruned: boolean;
}

/**
 * What the record-once rule ({@link recordMessageOnce}, {@link pruningMarkTargets}) reads of a
 * session's messages so far, that is, of the events before the one being folded and of nothing
 * after it. A replay keeps it in memory (`InMemoryRecordedMessages`), each read model over its
 * stored rows: the rule is the same because what it reads is the same.
 */
export interface RecordedSoFar<Target extends PruneTarget = PruneTarget> {
  /**
   * True when a message of the session so far has this id: kept as recorded, renamed
   * (`<id>#2`), or minted by normalization (a repair's copy, for a store that keeps those).
   */
  isTaken(id: string): boolean;
  /**
   * The messages recorded under this id so far, as their events recorded them (whatever id they
   * were kept under, and before any pruning mark). Asked only of a taken id.
   */
  versionsRecordedAs(id: string): readonly RuntimeMessage[];
  /**
   * The message an event placed under this id (renamed or not; not a copy normalization made),
   * as it is now; `undefined` when there is none. A store may hand back more than the rule reads
   * (`Target`: its row, say), which {@link pruningMarkTargets} hands back for the ids it prunes.
   */
  pruneTarget(id: string): Target | undefined;
}
