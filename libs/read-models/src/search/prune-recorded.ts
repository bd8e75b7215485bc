/** What `pruneRecorded` reads and writes of a handler's table of recorded messages. */
export interface PrunableRows {
  target: {
    get(sessionId: string, messageId: string): { kind: string; pruned: number } | undefined;
  };
  prune: { run(sessionId: string, messageId: string): unknown };
}

/**
 * Applies a pruning mark to a handler's rows by the events lib's rule (`pruneTargetVerdict`): a
 * named tool result recorded before the mark and not pruned yet is marked pruned (first mark
 * wins); any other name is left as it was.
 */
export function pruneRecorded(
  rows: PrunableRows,
  sessionId: string,
  messageIds: readonly string[],
): void {
  for (const id of new Set(messageIds)) {
    const target = rows.target.get(sessionId, id);
    if (target?.kind === 'tool_result' && target.pruned === 0) rows.prune.run(sessionId, id);
  }
}
