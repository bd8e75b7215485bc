import type { PruneTarget } from './recorded-so-far';
import type { RepairFinding } from './repair';

/**
 * What a pruning mark does to one id it names, given the message recorded under that id before
 * the mark (`undefined`: none): `prune` a tool result not pruned yet (first mark wins), `skip`
 * one already pruned, or report a `repair` (an unknown id, or a message that is not a tool
 * result, left as it was). `pruningMarkTargets` applies it to each id of a mark.
 */
export function pruneTargetVerdict(
  id: string,
  target: PruneTarget | undefined,
): { verdict: 'prune' | 'skip' } | { verdict: 'repair'; repair: RepairFinding } {
  if (target === undefined) {
    return {
      verdict: 'repair',
      repair: {
        type: 'unknown-prune-target',
        targetMessageId: id,
        detail: `A pruning mark names "${id}", but no message with that id was recorded before it; the id was ignored.`,
      },
    };
  }
  if (target.kind !== 'tool_result') {
    return {
      verdict: 'repair',
      repair: {
        type: 'prune-target-not-tool-result',
        messageId: id,
        detail: `A pruning mark names "${id}", a ${target.kind} message; only tool results are pruned, so it was left as it was.`,
      },
    };
  }
  return { verdict: target.pruned ? 'skip' : 'prune' };
}
