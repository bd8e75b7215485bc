import { pruneTargetVerdict } from './prune-target-verdict';
import type { PruneTarget, RecordedSoFar } from './recorded-so-far';
import type { RepairFinding } from './repair';

/**
 * What a pruning mark (`ToolResultsPruned`) does, shared by a replay and the read models: of the
 * ids it names (each once), the tool results recorded before it and not pruned yet, which its
 * caller marks with the mark's `compactedAt` (first mark wins), each with what the store's
 * `pruneTarget` handed back for it, and a repair for each id that
 * names no message recorded before it or one that is not a tool result (left as it was).
 */
export function pruningMarkTargets<Target extends PruneTarget>(
  messageIds: readonly string[],
  recorded: Pick<RecordedSoFar<Target>, 'pruneTarget'>,
): { targets: Array<{ id: string; target: Target }>; repairs: RepairFinding[] } {
  const targets: Array<{ id: string; target: Target }> = [];
  const repairs: RepairFinding[] = [];
  for (const id of new Set(messageIds)) {
    const target = recorded.pruneTarget(id);
    const verdict = pruneTargetVerdict(id, target);
    if (verdict.verdict === 'repair') repairs.push(verdict.repair);
    else if (verdict.verdict === 'prune' && target !== undefined) targets.push({ id, target });
  }
  return { targets, repairs };
}
