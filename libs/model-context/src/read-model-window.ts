import { StreamNotFoundError } from '@agent-ledger/event-store';
import {
  sessionStreamName,
  RevisionNotFoundError,
  SessionNotFoundError,
  type SessionLogEvent,
} from '@agent-ledger/events';
import { parseLoggedEvent } from './parse-logged-event';
import { readLineBackwards } from './read-line-backwards';
import { WindowNeeds } from './window-needs';
import type { SessionLog } from './session-log';

/** The events a model view at some revision is computed from. */
export interface ModelWindow {
  /** In log order: the events from the latest compact boundary on, plus the support events before it. */
  events: SessionLogEvent[];
  /** The revision the view is computed at. */
  revision: number;
  /** First revision of the window proper (0 when it is the whole session). */
  fromRevision: number;
  /** The boundary the window starts at, when one was found. */
  compactBoundaryId?: string;
  /** Stored events read, parsed or not (the cost of the request). */
  eventsRead: number;
  /**
   * With `earlyResults: 'caller'`: the window's calls that nothing in it answers (and no approval
   * keeps pending), whose results, if the log has any, were recorded before the boundary.
   */
  unansweredCallIds: string[];
}

/**
 * Reads a session's stream BACKWARDS from `atRevision` (default: its end) along its current
 * line (`readLineBackwards`: what a rewind undid is skipped) to its latest compact boundary, so that the cost depends on the window and not on the history before it. Events
 * the runner would refuse are skipped as it skips them.
 *
 * The window alone is not always what a full replay would give the model view, so it keeps
 * reading back, past the boundary, for the few earlier events that still matter (`WindowNeeds`):
 * the tool calls (and approval requests) answered inside the window — normalization pairs them,
 * and the model view then drops those results as cut by the boundary rather than calling them
 * orphans —, the results recorded before the boundary for calls inside it that nothing inside
 * answers (with the pruning marks naming them) — normalization invents a result only where the
 * log has none —, and any older boundary a summary inside the window names. Pruning marks
 * inside the window that name tool results before it need nothing: those results are outside
 * the model view anyway. The boundary's summary follows its boundary (the write side records
 * them together), so it is in the window.
 */
export async function readModelWindow(
  store: SessionLog,
  sessionId: string,
  options: {
    atRevision?: number;
    fromLatestBoundary: boolean;
    /**
     * `read-back` (default): read back past the boundary for the results of the window's
     * unanswered calls, as far as it takes (to the start when the log has none). `caller`: leave
     * them to the caller, which gets their ids in `unansweredCallIds`.
     */
    earlyResults?: 'read-back' | 'caller';
  },
): Promise<ModelWindow> {
  const backwards: SessionLogEvent[] = [];
  const needs = new WindowNeeds<SessionLogEvent>({
    readsBackForEarlyResults: options.earlyResults !== 'caller',
  });
  let eventsRead = 0;
  let latestRevision: number | undefined;
  let boundary: SessionLogEvent | undefined;
  /** The message the applied boundary retains recent turns from, until it is read. */
  let retainedUntil: string | undefined;
  /** Where the window proper starts: the boundary, or the retained message. */
  let windowStart: number | undefined;
  // Along the current line: what a rewind undid is skipped, not read.
  const events = readLineBackwards(
    store,
    sessionStreamName(sessionId),
    options.atRevision ?? 'end',
  );
  try {
    for await (const recorded of events) {
      eventsRead += 1;
      latestRevision ??= recorded.revision;
      const parsed = parseLoggedEvent(recorded);
      if (!parsed.ok) continue;
      const logged = parsed.event;
      // A rewind only says where the line goes on (the walk followed it): nothing to project.
      if (logged.event.type === 'SessionRewound') continue;
      if (boundary === undefined || retainedUntil !== undefined) {
        backwards.push(logged);
        needs.noteInWindow(logged.event);
        if (retainedUntil !== undefined) {
          // Inside the turns the boundary keeps: window events, until the retained message.
          if (!('id' in logged.event.data) || logged.event.data.id !== retainedUntil) continue;
          retainedUntil = undefined;
          windowStart = logged.revision;
          if (needs.satisfied()) break;
          continue;
        }
        if (options.fromLatestBoundary && logged.event.type === 'CompactBoundaryRecorded') {
          boundary = logged;
          windowStart = logged.revision;
          retainedUntil = logged.event.data.content.retainFromMessageId;
          if (retainedUntil === undefined && needs.satisfied()) break;
        }
        continue;
      }
      backwards.push(...needs.takeSupport(logged));
      if (needs.satisfied()) break;
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) throw new SessionNotFoundError(sessionId);
    throw error;
  }
  if (latestRevision === undefined) throw new SessionNotFoundError(sessionId);
  if (options.atRevision !== undefined && latestRevision < options.atRevision) {
    throw new RevisionNotFoundError(sessionId, options.atRevision, latestRevision);
  }
  return {
    // Support comes in any order (a pruning mark is taken with the result it names): log order.
    events: backwards.sort((left, right) => left.revision - right.revision),
    revision: options.atRevision ?? latestRevision,
    // A retained message never found (not in the log): the window is the whole session.
    fromRevision: retainedUntil === undefined ? (windowStart ?? 0) : 0,
    ...(boundary?.event.type === 'CompactBoundaryRecorded'
      ? { compactBoundaryId: boundary.event.data.id }
      : {}),
    eventsRead,
    unansweredCallIds:
      boundary === undefined || options.earlyResults !== 'caller' ? [] : needs.unansweredCallIds(),
  };
}
