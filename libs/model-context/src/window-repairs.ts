import type { normalizeSessionEvents, SessionLogEvent, SessionRepair } from '@agent-ledger/events';

/**
 * Normalization's repairs placed by revision, limited to the window proper: support events read
 * from before the boundary, and pruning marks naming tool results before it, concern history
 * outside the view.
 */
export function windowRepairs(
  repairs: ReturnType<typeof normalizeSessionEvents>['repairs'],
  events: readonly SessionLogEvent[],
  fromRevision: number,
): SessionRepair[] {
  return repairs.flatMap(({ eventIndex, ...repair }): SessionRepair[] => {
    const revision = events[eventIndex]?.revision ?? -1;
    if (revision < fromRevision) return [];
    if (repair.type === 'unknown-prune-target' && fromRevision > 0) return [];
    return [{ ...repair, revision }];
  });
}
