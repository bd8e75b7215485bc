import {
  mergesUserMessages,
  promptOf,
  seamHolds,
  toAiSdkMessagesPart,
  type AiSdkPart,
  type AiSdkSerializerOptions,
  type SerializationFallback,
} from '@agent-ledger/ai-sdk';
import type { EventStore, RecordedEvent } from '@agent-ledger/event-store';
import { freezeDeep } from '@agent-ledger/messages';
import {
  isMessageEventType,
  normalizeSessionEvents,
  sessionStreamName,
  type NormalizedSession,
} from '@agent-ledger/events';
import {
  keptUserInputIndexes,
  projectModelViewPart,
  recentUserTurnsOf,
  type ModelMessage,
  type ModelViewPart,
  type ProjectToModelOptions,
  type ProjectionContext,
} from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { SessionLogEvent } from '../runner/session-log-event';
import type { SessionRepair } from '../session-views/session-repair';
import { lastAgentName } from './last-agent-name';
import type {
  ModelContext,
  ModelContextDiagnostics,
  ModelContextQuery,
} from './load-model-context';
import { projectionContext, windowRepairs } from './load-model-context';
import { parseLoggedEvent } from './parse-logged-event';
import { SessionLogCache } from './session-log-cache';
import { readWindowEvents } from './window-events';

/** The formats the incremental view computes; the others are computed from the log each time. */
type IncrementalFormat = 'model' | 'ai-sdk' | 'ai-sdk-prompt';

/**
 * A run of turns computed as one: normalized, projected and serialized alone, its results kept
 * while its events and what it depends on from the rest stay the same.
 */
interface Unit {
  /** First and last segment (inclusive). */
  from: number;
  to: number;
  events: SessionLogEvent[];
  normalized: NormalizedSession;
  /** Positions of the user inputs the model view keeps, in the unit's messages. */
  keptUserInputs: number[];
  hasSystemNotes: boolean;
  /** Whether the unit being the last one can change its view: it holds reasoning. */
  lastShapesView: boolean;
  /** Whether the unit being the last one can change its serialization: it holds approvals. */
  lastShapesMessages: boolean;
  /** The agent of the unit's latest message that names one (`lastAgentName`). */
  agentName: string | undefined;
  /** What the view below was computed with (the agent, whether last, the cutoff, prior notes). */
  viewInputs?: { agent: string; last: boolean; cutoff: number; systemTexts: string | undefined };
  view?: ModelViewPart;
  repairs?: SessionRepair[] | undefined;
  serialized?: AiSdkPart | undefined;
  /** Where the part below was serialized (`placeKey`). */
  placeKey?: number;
  /** The part before this one whose seam with `serialized` held. */
  seamAfter?: AiSdkPart | undefined;
}

/**
 * The model view of one session and query, kept at the latest revision it was asked at: the
 * window's events in segments (a head, then one per eligible user input), grouped in units across
 * which nothing refers (no message id, tool call, approval or pruning mark is shared by two units).
 */
interface ViewState {
  sessionId: string;
  streamName: string;
  revision: number;
  /** The cached event at `revision`: the log is the same up to it while this one is served. */
  anchor: RecordedEvent;
  /**
   * What the request that brought the state to `revision` read: the whole window (as the full
   * computation counts it) when the state was built, then the events read since (the one at the
   * previous revision, checked, and those appended after it).
   */
  eventsRead: number;
  fromRevision: number;
  compactBoundaryId?: string;
  /** The window starts at a boundary: appended events must not need what it left behind. */
  bounded: boolean;
  unansweredCallIds: ReadonlySet<string>;
  /** Segment 0 is the head (everything before the first turn the view can split at). */
  segments: SessionLogEvent[][];
  /** Revision a segment may start after (the boundary and its summary stay in the head). */
  headThrough: number;
  /** First segment of each unit, ascending; `unitStarts[0] === 0`. */
  unitStarts: number[];
  /** Where each referenced id (message, tool call, approval) was first seen. */
  segmentOfId: Map<string, number>;
  messageIds: Set<string>;
  /** Ids normalization made up (`<id>#2`, repairs): a recorded message reusing one changes them. */
  mintedIds: Set<string>;
  answeredCallIds: Set<string>;
  /** The units as of the last request, aligned with `unitStarts` up to `dirtyFrom`. */
  units: Unit[];
  /** By unit: the agent of the latest message naming one up to it (`lastAgentName`). */
  agentsThrough: Array<string | undefined>;
  /** By unit: the user inputs the model view keeps up to it, inclusive. */
  keptThrough: number[];
  /** The first segment changed since the units were made. */
  dirtyFrom: number;
  /** The window cannot be split exactly (a reused message id): computed from the log each time. */
  whole: boolean;
  /** What the last pass over the units left (`viewOf`). */
  trail?: Trail | undefined;
  /** The lists the last view was joined from (`assemble`). */
  assembled?: Assembled | undefined;
  /** The query's projection context and options for the last active agent (`settingsOf`). */
  settings?: ViewSettings | undefined;
}

/** Sessions and queries kept per store, least recently used first out. */
const MAX_VIEWS = 64;
const viewsByStore = new WeakMap<EventStore, Map<string, ViewState>>();

/**
 * The model context at the latest revision, computed incrementally: what the full computation
 * (`loadModelContext`'s replay of the window) gives, but reading only the events appended since
 * the last request for the same session and query, and recomputing only the turns they change.
 *
 * The window is split into turns at eligible user inputs; turns that share a message id, tool
 * call, approval or pruning mark are joined into one unit, so that each unit normalizes, projects
 * and serializes alone exactly as within the whole (`projectModelViewPart`, `toAiSdkMessagesPart`),
 * given what the rest decides: where the current turn is, which tool results are older than the
 * recent turns, which system notes came before, whether a seam between units would merge
 * messages (then the units are joined). A unit's results are kept while those inputs stay the same.
 *
 * Returns `undefined` where it does not apply (another format, a past revision, a recorded model
 * call, no cache) or cannot be exact (a reused message id, a made-up id reused by the log, a new
 * boundary): the caller then computes the view from the log, as before. `store` must be the
 * session log cache, whose events are frozen and whose identity tells an unchanged log.
 */
export async function incrementalModelContext(
  store: EventStore,
  sessionId: string,
  query: ModelContextQuery,
): Promise<ModelContext | undefined> {
  const format = query.format ?? 'model';
  if (format !== 'model' && format !== 'ai-sdk' && format !== 'ai-sdk-prompt') return undefined;
  if (query.atRevision !== undefined || query.call !== undefined) return undefined;
  if (query.applyCompactBoundary === false) return undefined;
  const views = viewsOf(store);
  const key = JSON.stringify([sessionId, { ...query, format: undefined }]);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const state = views.get(key);
    if (state !== undefined) {
      const delta = await readFrom(store, sessionId, state.revision);
      if (views.get(key) !== state) continue; // another request moved it on meanwhile
      views.delete(key);
      trim(views, store);
      if (
        delta[0] !== undefined &&
        delta[0] === state.anchor &&
        appendDelta(state, delta.slice(1))
      ) {
        views.set(key, state);
        return state.whole
          ? undefined
          : guarded(views, key, () => viewOf(state, sessionId, query, format));
      }
    }
    const built = await initialState(store, sessionId, query);
    if (built === undefined) return undefined;
    views.set(key, built);
    trim(views, store);
    return built.whole
      ? undefined
      : guarded(views, key, () => viewOf(built, sessionId, query, format));
  }
  return undefined;
}

/**
 * The incremental view, or, should computing it fail, none: the state is dropped and the caller
 * computes the view from the log, which answers (or fails) as it always did.
 */
function guarded(
  views: Map<string, ViewState>,
  key: string,
  compute: () => ModelContext | undefined,
): ModelContext | undefined {
  try {
    return compute();
  } catch {
    views.delete(key);
    failures.set(views, (failures.get(views) ?? 0) + 1);
    return undefined;
  }
}

/** Views that failed to compute and fell back, per store's views (for tests and diagnostics). */
const failures = new WeakMap<Map<string, ViewState>, number>();

/** How many incremental views of `store` failed and were computed from the log instead. */
export function failedModelViews(store: EventStore): number {
  const views = viewsByStore.get(store);
  return views === undefined ? 0 : (failures.get(views) ?? 0);
}

/** How many sessions and queries have a view kept for `store` (for tests and diagnostics). */
export function keptModelViews(store: EventStore): number {
  return viewsByStore.get(store)?.size ?? 0;
}

function viewsOf(store: EventStore): Map<string, ViewState> {
  let views = viewsByStore.get(store);
  if (views === undefined) {
    views = new Map();
    viewsByStore.set(store, views);
  }
  return views;
}

/**
 * Keeps at most `MAX_VIEWS` views, and none of a session whose events the session log cache
 * dropped: the views hold those events, and must not keep them past the cache's own bound.
 */
function trim(views: Map<string, ViewState>, store: EventStore): void {
  if (store instanceof SessionLogCache) {
    for (const [key, state] of views) {
      if (!store.holds(state.streamName)) views.delete(key);
    }
  }
  for (const key of views.keys()) {
    if (views.size <= MAX_VIEWS) return;
    views.delete(key);
  }
}

/** The stream's events from `revision` on (the first is the one at `revision`). */
async function readFrom(
  store: EventStore,
  sessionId: string,
  revision: number,
): Promise<RecordedEvent[]> {
  const streamName = sessionStreamName(sessionId);
  try {
    if (store instanceof SessionLogCache) return await store.eventsFrom(streamName, revision);
    const events: RecordedEvent[] = [];
    for await (const recorded of store.readStream(streamName, { fromRevision: revision })) {
      events.push(recorded);
    }
    return events;
  } catch {
    return [];
  }
}

/** The window read as the full computation reads it, split into segments and units. */
async function initialState(
  store: EventStore,
  sessionId: string,
  query: ModelContextQuery,
): Promise<ViewState | undefined> {
  const { window, eventsRead, events } = await readWindowEvents(store, sessionId, {
    applyCompactBoundary: true,
    carrySystemNotes: query.carrySystemNotes !== false,
  });
  const [anchor] = await readFrom(store, sessionId, window.revision);
  const last = window.events[window.events.length - 1];
  // The window's last event must be the anchor's: else the log changed between the two reads.
  if (anchor === undefined || last === undefined || last.revision !== window.revision) {
    return undefined;
  }
  const parsed = parseLoggedEvent(anchor);
  if (!parsed.ok || parsed.event !== last) return undefined;
  let headThrough = window.fromRevision - 1;
  for (const logged of window.events) {
    const type = logged.event.type;
    if (type === 'CompactBoundaryRecorded' || type === 'CompactSummaryRecorded') {
      headThrough = Math.max(headThrough, logged.revision);
    }
  }
  const state: ViewState = {
    sessionId,
    streamName: sessionStreamName(sessionId),
    revision: window.revision,
    anchor,
    eventsRead,
    fromRevision: window.fromRevision,
    ...(window.compactBoundaryId === undefined
      ? {}
      : { compactBoundaryId: window.compactBoundaryId }),
    bounded: window.compactBoundaryId !== undefined,
    unansweredCallIds: new Set(window.unansweredCallIds),
    segments: [[]],
    headThrough,
    unitStarts: [0],
    segmentOfId: new Map(),
    messageIds: new Set(),
    mintedIds: new Set(),
    answeredCallIds: new Set(),
    units: [],
    agentsThrough: [],
    keptThrough: [],
    dirtyFrom: 0,
    whole: false,
  };
  for (const logged of events) {
    if (!place(state, logged)) state.whole = true;
  }
  return state;
}

/**
 * Takes the events appended since the state's revision (`delta`, recorded), or says the state
 * cannot follow them (false: the caller starts again from the log).
 */
function appendDelta(state: ViewState, delta: readonly RecordedEvent[]): boolean {
  const calls: string[] = [];
  state.eventsRead = delta.length + 1;
  for (const recorded of delta) {
    state.revision = recorded.revision;
    state.anchor = recorded;
    const parsed = parseLoggedEvent(recorded);
    if (!parsed.ok) continue;
    const logged = parsed.event;
    const { event } = logged;
    if (event.type === 'CompactBoundaryRecorded' || event.type === 'CompactSummaryRecorded') {
      return false;
    }
    if (state.whole) continue;
    if (state.bounded && !followsInWindow(state, logged, calls)) return false;
    if (!place(state, logged)) state.whole = true;
  }
  // A call of a bounded window that nothing answers may have its result before the boundary.
  return !state.bounded || calls.every((id) => state.answeredCallIds.has(id));
}

/** In a window that starts at a boundary: the event needs nothing from before it. */
function followsInWindow(state: ViewState, logged: SessionLogEvent, calls: string[]): boolean {
  const { event } = logged;
  if (event.type === 'ToolResultRecorded') {
    return event.data.content.every(
      (part) =>
        state.segmentOfId.has(`call:${part.toolCallId}`) &&
        !state.unansweredCallIds.has(part.toolCallId),
    );
  }
  if (event.type === 'ToolApprovalRequested') {
    return event.data.content.every((part) => state.segmentOfId.has(`call:${part.toolCallId}`));
  }
  if (event.type === 'ToolApprovalResponded') {
    return event.data.content.every((part) => state.segmentOfId.has(`approval:${part.approvalId}`));
  }
  if (event.type === 'ToolCallRecorded') {
    calls.push(...event.data.content.map((part) => part.toolCallId));
  }
  return true;
}

/**
 * Puts one event in its segment (a new one for an eligible user input after the head) and joins
 * the units its references cross. False when the window cannot be split exactly.
 */
function place(state: ViewState, logged: SessionLogEvent): boolean {
  const { event } = logged;
  const data = event.data as { id?: unknown; metadata?: { eligibleForModelContext?: boolean } };
  const messageId =
    isMessageEventType(event.type) && typeof data.id === 'string' ? data.id : undefined;
  if (messageId !== undefined) {
    if (state.messageIds.has(messageId) || state.mintedIds.has(messageId)) return false;
    state.messageIds.add(messageId);
  }
  if (
    event.type === 'UserInputRecorded' &&
    data.metadata?.eligibleForModelContext !== false &&
    logged.revision > state.headThrough &&
    logged.revision >= state.fromRevision
  ) {
    state.segments.push([]);
    state.unitStarts.push(state.segments.length - 1);
  }
  const segment = state.segments.length - 1;
  state.segments[segment]?.push(logged);
  state.dirtyFrom = Math.min(state.dirtyFrom, segment);
  const refer = (id: string): void => {
    const first = state.segmentOfId.get(id);
    if (first === undefined) state.segmentOfId.set(id, segment);
    else if (first !== segment) join(state, first);
  };
  if (messageId !== undefined) refer(`message:${messageId}`);
  if (event.type === 'ToolCallRecorded') {
    for (const part of event.data.content) refer(`call:${part.toolCallId}`);
  } else if (event.type === 'ToolResultRecorded') {
    for (const part of event.data.content) {
      refer(`call:${part.toolCallId}`);
      state.answeredCallIds.add(part.toolCallId);
    }
  } else if (event.type === 'ToolApprovalRequested') {
    for (const part of event.data.content) {
      refer(`call:${part.toolCallId}`);
      refer(`approval:${part.approvalId}`);
    }
  } else if (event.type === 'ToolApprovalResponded') {
    for (const part of event.data.content) refer(`approval:${part.approvalId}`);
  } else if (event.type === 'ToolResultsPruned') {
    for (const id of event.data.messageIds) refer(`message:${id}`);
  }
  return true;
}

/** Joins every unit from the one holding `segment` to the last into one. */
function join(state: ViewState, segment: number): void {
  let keep = state.unitStarts.length;
  while (keep > 1 && (state.unitStarts[keep - 1] as number) > segment) keep -= 1;
  state.unitStarts.length = keep;
  state.dirtyFrom = Math.min(state.dirtyFrom, state.unitStarts[keep - 1] as number);
}

/**
 * The units of the state now, reusing the ones whose events did not change; `undefined` when a
 * new unit shows the split does not hold (the state then computes the view whole). The units
 * before the first changed segment are taken as a block, not visited: a request costs the units
 * it changes, not a walk over every turn of the window.
 */
function unitsOf(state: ViewState, repairDanglingToolCalls: boolean): Unit[] | undefined {
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

/**
 * What the last pass over a state's units left at each position (the systemText notes kept so
 * far, the serializer's place flags, the serialized parts), so that the next pass starts at the
 * first unit that can come out differently.
 */
interface Trail {
  agent: string;
  format: 'model' | 'ai-sdk';
  units: Unit[];
  textsAfter: string[][];
  flagsAfter: Array<[boolean, boolean]>;
  serialized: AiSdkPart[];
  cutoffUnit: number;
}

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

/** What a view of the state's query is computed with, for one active agent (`settingsOf`). */
interface ViewSettings {
  agent: string;
  context: ProjectionContext;
  options: ProjectToModelOptions;
  turns: number;
  serializerOptions: AiSdkSerializerOptions;
  mergeUsers: boolean;
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
  if (state.settings?.agent === agent) return state.settings;
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
function viewOf(
  state: ViewState,
  sessionId: string,
  query: ModelContextQuery,
  format: IncrementalFormat,
): ModelContext | undefined {
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
    const inputs = unit.viewInputs;
    if (
      unit.view === undefined ||
      inputs === undefined ||
      inputs.agent !== agent ||
      (unit.lastShapesView && inputs.last !== last) ||
      inputs.cutoff !== cutoff ||
      inputs.systemTexts !== priorTexts
    ) {
      unit.view = projectModelViewPart(
        unit.normalized.messages,
        context,
        options,
        last
          ? { cutoff, priorSystemTexts: systemTexts }
          : { currentTurnStart: Number.POSITIVE_INFINITY, cutoff, priorSystemTexts: systemTexts },
      );
      unit.viewInputs = { agent, last, cutoff, systemTexts: priorTexts };
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

/** The lists a view is joined from, unit by unit, with where each unit's items end. */
interface Assembled {
  /** The pass whose units these lists were joined from. */
  trail?: Trail | undefined;
  units: Unit[];
  /** By unit: the first applied compact boundary up to it. */
  applied: Array<string | undefined>;
  views: ModelViewPart[];
  parts: Array<AiSdkPart | undefined>;
  lists: unknown[][];
  /** `ends[list][unit]`: the length of the list after that unit's items. */
  ends: number[][];
}

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
function assemble(
  state: ViewState,
  units: readonly Unit[],
  serialized: readonly AiSdkPart[],
  format: IncrementalFormat,
  /** The units before this one are as they were when the lists were last joined. */
  unchanged: number,
): ModelContext {
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
