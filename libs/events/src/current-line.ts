import type { SessionEvent } from './session-event';

/** An event with its revision in the session's stream. */
export interface RevisionedEvent {
  revision: number;
  event: SessionEvent;
}

/**
 * The session's current line: the events that count for the model context and the decider, in
 * log order. The one rule of rewinds, found by a backward walk: from the last event (the head,
 * or the revision a past view is asked at), take events backwards; on meeting a `SessionRewound`
 * to revision R, take it and go on from R, so the events between R and the rewind are off the
 * line. A view at a revision before a rewind walks from there, and so still answers the branch
 * the rewind abandoned.
 *
 * `events` must be the stream in log order up to the revision walked from; revisions may have
 * gaps (events skipped as unreadable). The rewind events themselves are on the line (they undo,
 * they record nothing). Equivalent, for rewinds the decider accepts (each target on the line at
 * its time), to a forward fold that drops every event between R and the rewind
 * ({@link rewoundRange}).
 */
export function currentLine<E extends RevisionedEvent>(events: ReadonlyArray<E>): E[] {
  const line: E[] = [];
  let index = events.length - 1;
  while (index >= 0) {
    const taken = events[index] as E;
    line.push(taken);
    const range = rewoundRange(taken);
    if (range === undefined) {
      index -= 1;
      continue;
    }
    // Jump to the last event at or before the target (binary search: revisions ascend).
    index = lastIndexAtOrBefore(events, range.toRevision, index - 1);
  }
  return line.reverse();
}

/**
 * The revisions a `SessionRewound` event takes off the line: those after `toRevision` and before
 * the rewind itself (`fromRevision + 1`), or `undefined` for any other event. The read models fold
 * it event by event: every row of the session in that range is rewound.
 */
export function rewoundRange(
  logged: RevisionedEvent,
): { toRevision: number; beforeRevision: number } | undefined {
  if (logged.event.type !== 'SessionRewound') return undefined;
  return { toRevision: logged.event.data.toRevision, beforeRevision: logged.revision };
}

function lastIndexAtOrBefore(
  events: ReadonlyArray<RevisionedEvent>,
  revision: number,
  upTo: number,
): number {
  let low = 0;
  let high = upTo;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((events[middle] as RevisionedEvent).revision <= revision) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
