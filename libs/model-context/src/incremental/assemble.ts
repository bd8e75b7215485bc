import type { SessionRepair } from '@agent-ledger/events';
import { promptOf, type AiSdkPart, type SerializationFallback } from '@agent-ledger/ai-sdk';
import { freezeDeep } from '@agent-ledger/messages';
import type { ModelMessage, ModelViewPart } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { ModelContextDiagnostics, ModelView } from '../model-context';
import { windowRepairs } from '../window-repairs';
import type { IncrementalFormat, Unit, ViewState } from './view-state';

/** The items unit `unit` adds to each list, in list order (see `assemble`). */
function itemsOf(
  unit: Unit,
  part: AiSdkPart | undefined,
  steps: number,
): Array<readonly unknown[]> {
  const view = unit.view as ModelViewPart;
  const { diagnostics } = view.result;
  const items: Array<readonly unknown[]> = [
    diagnostics.hiddenMessageIds,
    diagnostics.truncatedMessageIds,
    diagnostics.injectedNotes,
    unit.repairs ?? [],
    part === undefined ? view.result.messages : part.messages,
  ];
  for (let step = 0; step < steps; step += 1) items.push(part?.fallbacks[step] ?? []);
  return items;
}

/**
 * Joins the units' results into the view. The lists of the units that did not change since the
 * last request are taken as they were (one copy), and only the rest is appended.
 */
export function assemble(
  state: ViewState,
  units: readonly Unit[],
  serialized: readonly AiSdkPart[],
  format: IncrementalFormat,
  /** The units before this one are as they were when the lists were last joined. */
  unchanged: number,
): ModelView {
  const steps = serialized[0]?.fallbacks.length ?? 0;
  const listCount = 5 + steps;
  let assembled = state.assembled;
  if (assembled === undefined || assembled.lists.length !== listCount) {
    assembled = { units: [], applied: [], views: [], parts: [], lists: [], ends: [] };
    for (let list = 0; list < listCount; list += 1) {
      assembled.lists.push([]);
      assembled.ends.push([]);
    }
    state.assembled = assembled;
  }
  // The units from the start that are the same as last time, with the same results.
  let same = Math.min(unchanged, units.length, assembled.units.length);
  while (
    same < units.length &&
    same < assembled.units.length &&
    assembled.units[same] === units[same] &&
    assembled.views[same] === units[same]?.view &&
    assembled.parts[same] === serialized[same]
  ) {
    same += 1;
  }
  if (same < assembled.units.length) {
    assembled.units.length = same;
    assembled.applied.length = same;
    assembled.views.length = same;
    assembled.parts.length = same;
    for (let list = 0; list < listCount; list += 1) {
      const ends = assembled.ends[list] as number[];
      ends.length = same;
      (assembled.lists[list] as unknown[]).length = same === 0 ? 0 : (ends[same - 1] ?? 0);
    }
  }
  for (let position = same; position < units.length; position += 1) {
    const unit = units[position] as Unit;
    const part = serialized[position];
    unit.repairs ??= freezeDeep(
      windowRepairs(unit.normalized.repairs, unit.events, state.fromRevision),
    );
    itemsOf(unit, part, steps).forEach((added, list) => {
      const target = assembled.lists[list] as unknown[];
      for (const item of added) target.push(item);
      assembled.ends[list]?.push(target.length);
    });
    assembled.units.push(unit);
    assembled.applied.push(
      assembled.applied[position - 1] ?? unit.view?.result.diagnostics.appliedCompactBoundaryId,
    );
    assembled.views.push(unit.view as ModelViewPart);
    assembled.parts.push(part);
  }
  assembled.trail = state.trail;
  const appliedCompactBoundaryId = assembled.applied[units.length - 1];
  const lists = assembled.lists;
  const copy = <T>(list: number): T[] => (lists[list] ?? []).slice() as T[];
  const diagnostics: ModelContextDiagnostics = {
    hiddenMessageIds: copy<string>(0),
    truncatedMessageIds: copy<string>(1),
    injectedNotes: copy<string>(2),
    ...(appliedCompactBoundaryId === undefined ? {} : { appliedCompactBoundaryId }),
    repairs: copy<SessionRepair>(3),
    window: {
      fromRevision: state.fromRevision,
      toRevision: state.revision,
      ...(state.compactBoundaryId === undefined
        ? {}
        : { compactBoundaryId: state.compactBoundaryId }),
      eventsRead: state.eventsRead,
    },
  };
  const revision = state.revision;
  if (format === 'model') {
    return { format, revision, messages: copy<ModelMessage>(4), diagnostics };
  }
  const messages = copy<AiSdkModelMessage>(4);
  const fallbacks: SerializationFallback[] = [];
  for (let step = 0; step < steps; step += 1) {
    for (const fallback of lists[5 + step] ?? []) fallbacks.push(fallback as SerializationFallback);
  }
  const withFallbacks = { ...diagnostics, fallbacks };
  if (format === 'ai-sdk') return { format, revision, messages, diagnostics: withFallbacks };
  return { format, revision, ...promptOf(messages), diagnostics: withFallbacks };
}
