import { normalizeSessionEvents } from '@agent-ledger/events';
import { keptUserInputIndexes, lastAgentName } from '@agent-ledger/projections';
import type { Unit, ViewState } from './view-state';

/**
 * The units of the state now, reusing the ones whose events did not change; `undefined` when a
 * new unit shows the split does not hold (the state then computes the view whole). The units
 * before the first changed segment are taken as a block, not visited: a request costs the units
 * it changes, not a walk over every turn of the window.
 */
export function unitsOf(state: ViewState, repairDanglingToolCalls: boolean): Unit[] | undefined {
  const starts = state.unitStarts;
  const reuse = reusableUnits(state);
  const units = state.units.slice(0, reuse);
  state.agentsThrough.length = reuse;
  state.keptThrough.length = reuse;
  for (let position = reuse; position < starts.length; position += 1) {
    const from = starts[position] as number;
    const to = (starts[position + 1] ?? state.segments.length) - 1;
    const unit = newUnit(state, from, to, repairDanglingToolCalls);
    if (unit === undefined) return undefined;
    units.push(unit);
    state.agentsThrough.push(unit.agentName ?? state.agentsThrough[position - 1]);
    state.keptThrough.push((state.keptThrough[position - 1] ?? 0) + unit.keptUserInputs.length);
  }
  state.units = units;
  state.dirtyFrom = Number.POSITIVE_INFINITY;
  return units;
}

/**
 * How many units from the first are as they were: those wholly before `dirtyFrom`. The units of
 * the last request are aligned with `unitStarts` up to there (new turns, joins and a failed seam
 * only change the starts at or after it), so the last of them is checked and the rest follow.
 */
function reusableUnits(state: ViewState): number {
  const starts = state.unitStarts;
  // The first unit that ends at or after `dirtyFrom` (units end where the next one starts).
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const end = (starts[middle + 1] ?? state.segments.length) - 1;
    if (end < state.dirtyFrom) low = middle + 1;
    else high = middle;
  }
  const reuse = Math.min(low, state.units.length);
  if (reuse === 0) return 0;
  const known = state.units[reuse - 1] as Unit;
  const to = (starts[reuse] ?? state.segments.length) - 1;
  return known.from === starts[reuse - 1] && known.to === to ? reuse : 0;
}

/** A unit normalized, or `undefined` when its normalization shows the split does not hold. */
function newUnit(
  state: ViewState,
  from: number,
  to: number,
  repairDanglingToolCalls: boolean,
): Unit | undefined {
  const events = state.segments.slice(from, to + 1).flat();
  const normalized = normalizeSessionEvents(
    events.map((logged) => logged.event),
    { repairDanglingToolCalls },
  );
  // A unit after the head starts with its turn's user input, as the split assumes.
  if (from > 0 && normalized.messages[0]?.kind !== 'user_input') return undefined;
  // Ids made up by normalization collide with no recorded id of the window (it checks its own).
  const recorded = new Set<string>();
  for (const logged of events) {
    const data = logged.event.data as { id?: unknown };
    if (typeof data.id === 'string') recorded.add(data.id);
  }
  for (const message of normalized.messages) {
    if (recorded.has(message.id)) continue;
    if (state.messageIds.has(message.id)) return undefined;
    state.mintedIds.add(message.id);
  }
  return {
    from,
    to,
    events,
    normalized,
    keptUserInputs: keptUserInputIndexes(normalized.messages, {}),
    hasSystemNotes: normalized.messages.some((message) => message.kind === 'system_note'),
    // Only reasoning depends on where the current turn is (`selectForModel`).
    lastShapesView: normalized.messages.some((message) => message.kind === 'assistant_reasoning'),
    // Only approvals depend on being at the history's end (`keepApprovalsLast`, pending calls).
    lastShapesMessages: normalized.messages.some(
      (message) =>
        message.kind === 'tool_approval_request' || message.kind === 'tool_approval_response',
    ),
    agentName: lastAgentName(normalized.messages),
  };
}
