import {
  mergesUserMessages,
  seamHolds,
  toAiSdkMessagesPart,
  type AiSdkPart,
} from '@agent-ledger/ai-sdk';
import { freezeDeep } from '@agent-ledger/messages';
import {
  blobTextExcerptsKey,
  projectModelViewPart,
  recentUserTurnsOf,
} from '@agent-ledger/projections';
import type { ModelView, ModelContextQuery } from '../model-context';
import { projectionContext } from '../projection-context';
import { assemble } from './assemble';
import { unitsOf } from './units';
import type { IncrementalFormat, Trail, Unit, ViewSettings, ViewState } from './view-state';

/**
 * The unit holding the input the recent turns start at; `-1` when there are fewer turns than
 * that (nothing is older), `Infinity` when every turn counts as older (`turns` 0).
 */
function cutoffUnitOf(units: readonly Unit[], turns: number): number {
  if (turns === 0) return Number.POSITIVE_INFINITY;
  let remaining = turns;
  for (let position = units.length - 1; position >= 0; position -= 1) {
    const count = (units[position] as Unit).keptUserInputs.length;
    if (remaining <= count) return position;
    remaining -= count;
  }
  return -1;
}

/**
 * The first unit the pass must look at again: the units before it are the same objects as last
 * time, none of them was the last one, and all of them lay wholly before the cutoff then and now
 * (older, whatever moved), so each comes out as it did.
 */
function resumeAt(
  trail: Trail | undefined,
  units: readonly Unit[],
  agent: string,
  format: IncrementalFormat,
  cutoffUnit: number,
): number {
  if (trail === undefined || trail.agent !== agent) return 0;
  if (trail.format !== (format === 'model' ? 'model' : 'ai-sdk')) return 0;
  let same = 0;
  const bound = Math.min(units.length, trail.units.length - 1, trail.cutoffUnit, cutoffUnit);
  while (same < bound && units[same] === trail.units[same]) same += 1;
  return Math.max(0, same);
}

/**
 * The projection context and options of the state's query for `agent`, made once: a state serves
 * one session and query (its key), so only the agent, which the log can change, is checked.
 */
function settingsOf(
  state: ViewState,
  sessionId: string,
  query: ModelContextQuery,
  agent: string,
): ViewSettings {
  const settings = state.settings;
  // The blob reads are made afresh for each request (a later append may add blobs, and a text
  // blob is read whole only in the latest turn): a context holding older ones is made again.
  if (
    settings?.agent === agent &&
    settings.context.blobExcerpts === query.blobExcerpts &&
    settings.context.blobTextExcerpts === query.blobTextExcerpts &&
    settings.context.blobAttachments === query.blobAttachments
  ) {
    return settings;
  }
  const context = projectionContext(sessionId, { ...query, activeAgentName: agent }, []);
  const options =
    query.recentUserTurns === undefined ? {} : { recentUserTurns: query.recentUserTurns };
  const serializerOptions = {
    ...(query.provider === undefined ? {} : { provider: query.provider }),
    ...(query.systemMessages === undefined ? {} : { systemMessages: query.systemMessages }),
  };
  state.settings = {
    agent,
    context,
    options,
    turns: recentUserTurnsOf(context, options),
    serializerOptions,
    mergeUsers: mergesUserMessages(serializerOptions),
  };
  return state.settings;
}

/** The view of the state, in `format`, or `undefined` when the split turned out not to hold. */
export function viewOf(
  state: ViewState,
  sessionId: string,
  query: ModelContextQuery,
  format: IncrementalFormat,
): ModelView | undefined {
  const units = unitsOf(state, query.repairDanglingToolCalls !== false);
  if (units === undefined) {
    state.whole = true;
    return undefined;
  }
  const agent = query.activeAgentName ?? state.agentsThrough[units.length - 1] ?? 'default';
  const { context, options, turns, serializerOptions, mergeUsers } = settingsOf(
    state,
    sessionId,
    query,
    agent,
  );
  const keptInputs = state.keptThrough[units.length - 1] ?? 0;
  // The units before `start` come out as they did last time: the pass resumes from there.
  const cutoffUnit = cutoffUnitOf(units, turns);
  const trail = state.trail;
  const start = resumeAt(trail, units, agent, format, cutoffUnit);
  const systemTexts = new Set<string>(trail?.textsAfter[start - 1]);
  let beforeFirstTurn = trail?.flagsAfter[start - 1]?.[0] ?? true;
  let beforeFirstMessage = trail?.flagsAfter[start - 1]?.[1] ?? true;
  // The input the recent turns start at (the `turns`-th from the end), found unit by unit.
  let cutoffAt =
    turns === 0
      ? Number.POSITIVE_INFINITY
      : keptInputs - turns - (state.keptThrough[start - 1] ?? 0);
  const serialized: AiSdkPart[] = (trail?.serialized ?? []).slice(0, start);
  const textsAfter = (trail?.textsAfter ?? []).slice(0, start);
  const flagsAfter = (trail?.flagsAfter ?? []).slice(0, start);
  for (let position = start; position < units.length; position += 1) {
    const unit = units[position] as Unit;
    const last = position === units.length - 1;
    const count = unit.keptUserInputs.length;
    // Older means before the cutoff: a cutoff at the unit's first message (or before) is none.
    const at =
      cutoffAt < 0
        ? -1
        : cutoffAt >= count
          ? Number.POSITIVE_INFINITY
          : unit.keptUserInputs[cutoffAt];
    const cutoff = at === undefined || at <= 0 ? -1 : at;
    cutoffAt -= count;
    // Everything the unit's view depends on from the rest of the window.
    const priorTexts = unit.hasSystemNotes ? JSON.stringify([...systemTexts]) : undefined;
    const blobTexts = blobTextExcerptsKey(unit.normalized.messages, context.blobTextExcerpts);
    const inputs = unit.viewInputs;
    if (
      unit.view === undefined ||
      inputs === undefined ||
      inputs.agent !== agent ||
      (unit.lastShapesView && inputs.last !== last) ||
      inputs.cutoff !== cutoff ||
      inputs.systemTexts !== priorTexts ||
      inputs.blobTexts !== blobTexts
    ) {
      unit.view = projectModelViewPart(
        unit.normalized.messages,
        context,
        options,
        last
          ? { cutoff, priorSystemTexts: systemTexts }
          : { currentTurnStart: Number.POSITIVE_INFINITY, cutoff, priorSystemTexts: systemTexts },
      );
      unit.viewInputs = { agent, last, cutoff, systemTexts: priorTexts, blobTexts };
      unit.serialized = undefined;
      unit.repairs = undefined;
    }
    for (const text of unit.view.systemTexts) systemTexts.add(text);
    textsAfter.push(
      unit.view.systemTexts.length === 0 ? (textsAfter[position - 1] ?? []) : [...systemTexts],
    );
    if (format === 'model') {
      flagsAfter.push([beforeFirstTurn, beforeFirstMessage]);
      continue;
    }
    const placeKey =
      (beforeFirstTurn ? 1 : 0) +
      (beforeFirstMessage ? 2 : 0) +
      (last && unit.lastShapesMessages ? 4 : 0);
    if (unit.placeKey !== placeKey || unit.serialized === undefined) {
      // Frozen: served to every request until the unit changes (and redacted once per caller kind).
      unit.serialized = freezeDeep(
        toAiSdkMessagesPart(unit.view.result.messages, serializerOptions, {
          beforeFirstTurn,
          beforeFirstMessage,
          last,
        }),
      );
      unit.placeKey = placeKey;
      unit.seamAfter = undefined;
    }
    const previous = serialized[serialized.length - 1];
    if (previous !== undefined && unit.seamAfter !== previous) {
      if (!seamHolds(previous, unit.serialized, mergeUsers)) {
        // The two would merge across their seam: they are one unit from now on.
        state.unitStarts = state.unitStarts.filter((begin) => begin !== unit.from);
        state.dirtyFrom = Math.min(state.dirtyFrom, units[position - 1]?.from ?? 0);
        state.trail = undefined;
        return viewOf(state, sessionId, query, format);
      }
      unit.seamAfter = previous;
    }
    serialized.push(unit.serialized);
    beforeFirstTurn &&= !unit.serialized.edges.hasNonSystemDraft;
    beforeFirstMessage &&= !unit.serialized.edges.hasNonSystemMessage;
    flagsAfter.push([beforeFirstTurn, beforeFirstMessage]);
  }
  // The units before `start` came out as in the last pass, which the view was assembled from.
  const assembledBefore = state.assembled?.trail === trail && trail !== undefined ? start : 0;
  state.trail = {
    agent,
    format: format === 'model' ? 'model' : 'ai-sdk',
    // A new array each pass (`unitsOf`), never changed after: no copy needed.
    units,
    textsAfter,
    flagsAfter,
    serialized,
    cutoffUnit,
  };
  return assemble(state, units, serialized, format, assembledBefore);
}
