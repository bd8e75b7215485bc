import { sessionStreamName, type SessionLogEvent } from '@agent-ledger/events';
import type { HistoryIndex } from './history-index';
import { parseLoggedEvent } from './parse-logged-event';
import { readModelWindow, type ModelWindow } from './read-model-window';
import type { SessionLog } from './session-log';

/**
 * What the window needs from before its boundary that it did not read itself: the system notes
 * (when they carry over) and the results recorded before the boundary for calls of the window
 * nothing in it answers, with the pruning marks naming them, found in the session's history
 * index (`HistoryIndex`) rather than by reading the history back on every request.
 */
async function eventsBeforeWindow(
  store: SessionLog,
  sessionId: string,
  window: ModelWindow,
  carrySystemNotes: boolean,
  index: HistoryIndex,
): Promise<{ events: SessionLogEvent[]; eventsRead: number }> {
  if (window.compactBoundaryId === undefined) return { events: [], eventsRead: 0 };
  const history = await index.before(store, sessionId, window.fromRevision);
  const events = carrySystemNotes ? [...history.systemNotes] : [];
  let eventsRead = history.eventsRead;
  const readAt = async (revision: number): Promise<SessionLogEvent | undefined> => {
    for await (const recorded of store.readStream(sessionStreamName(sessionId), {
      fromRevision: revision,
      maxCount: 1,
    })) {
      eventsRead += 1;
      const parsed = parseLoggedEvent(recorded);
      return parsed.ok ? parsed.event : undefined;
    }
    return undefined;
  };
  for (const toolCallId of window.unansweredCallIds) {
    for (const revision of history.resultRevisions(toolCallId)) {
      const result = await readAt(revision);
      if (result?.event.type !== 'ToolResultRecorded') continue;
      events.push(result);
      for (const marked of history.pruningRevisions(result.event.data.id)) {
        const mark = await readAt(marked);
        if (mark !== undefined && mark.revision > result.revision) events.push(mark);
      }
    }
  }
  return { events, eventsRead };
}

/** The window's events with the ones from before it among them, in log order, each once. */
function withEventsBefore(
  window: readonly SessionLogEvent[],
  before: readonly SessionLogEvent[],
): SessionLogEvent[] {
  if (before.length === 0) return [...window];
  const taken = new Set(window.map((logged) => logged.revision));
  const added = before.filter((logged) => {
    if (taken.has(logged.revision)) return false;
    taken.add(logged.revision);
    return true;
  });
  return [...window, ...added].sort((a, b) => a.revision - b.revision);
}

/**
 * The events a model view at a revision is computed from: the window (`readModelWindow`, to its
 * latest boundary unless boundaries are not applied), what it needs from before the boundary,
 * and all of them in log order.
 */
export async function readWindowEvents(
  store: SessionLog,
  sessionId: string,
  options: {
    atRevision?: number;
    applyCompactBoundary: boolean;
    carrySystemNotes: boolean;
    history: HistoryIndex;
  },
): Promise<{ window: ModelWindow; eventsRead: number; events: SessionLogEvent[] }> {
  const window = await readModelWindow(store, sessionId, {
    ...(options.atRevision === undefined ? {} : { atRevision: options.atRevision }),
    fromLatestBoundary: options.applyCompactBoundary,
    earlyResults: 'caller',
  });
  const before = await eventsBeforeWindow(
    store,
    sessionId,
    window,
    options.carrySystemNotes,
    options.history,
  );
  return {
    window,
    eventsRead: window.eventsRead + before.eventsRead,
    events: withEventsBefore(window.events, before.events),
  };
}
