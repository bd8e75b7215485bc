import type { RecordedEvent } from '@agent-ledger/event-store';
import { isMessageEventType, sessionStreamName, type SessionLogEvent } from '@agent-ledger/events';
import type { HistoryIndex } from '../history-index';
import type { ModelContextQuery } from '../model-context';
import { parseLoggedEvent } from '../parse-logged-event';
import type { SessionLogCache } from '../session-log-cache';
import { readWindowEvents } from '../window-events';
import type { ViewState } from './view-state';

/** The stream's events from `revision` on (the first is the one at `revision`). */
export async function readFrom(
  log: SessionLogCache,
  sessionId: string,
  revision: number,
): Promise<RecordedEvent[]> {
  try {
    return await log.eventsFrom(sessionStreamName(sessionId), revision);
  } catch {
    return [];
  }
}

/** The window read as the full computation reads it, split into segments and units. */
export async function initialViewState(
  log: SessionLogCache,
  history: HistoryIndex,
  sessionId: string,
  query: ModelContextQuery,
): Promise<ViewState | undefined> {
  const { window, eventsRead, events } = await readWindowEvents(log, sessionId, {
    applyCompactBoundary: true,
    carrySystemNotes: query.carrySystemNotes !== false,
    history,
  });
  const [anchor] = await readFrom(log, sessionId, window.revision);
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
export function appendDelta(state: ViewState, delta: readonly RecordedEvent[]): boolean {
  const calls: string[] = [];
  state.eventsRead = delta.length + 1;
  for (const recorded of delta) {
    state.revision = recorded.revision;
    state.anchor = recorded;
    const parsed = parseLoggedEvent(recorded);
    if (!parsed.ok) continue;
    const logged = parsed.event;
    const { event } = logged;
    if (
      event.type === 'CompactBoundaryRecorded' ||
      event.type === 'CompactSummaryRecorded' ||
      event.type === 'SessionRewound'
    ) {
      // A new boundary, or a rewind (the view's line changed): computed again from the log.
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
