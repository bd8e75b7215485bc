import type { SessionEvent, SessionEventType } from '@agent-ledger/events';

/** An event with its revision: all `turnEndRevision` needs to know of the log. */
export interface RevisionedEvent {
  revision: number;
  event: SessionEvent;
}

/** Where turn N ends, or how many turns there are when there is no turn N. */
export type TurnEnd = { found: true; revision: number } | { found: false; turns: number };

/**
 * The events a turn is made of, as opposed to what a runtime records between turns to prepare
 * the next model call (compactions, pruning marks, reminders, hand-offs, notes).
 */
const CONVERSATION_EVENT_TYPES: ReadonlySet<SessionEventType> = new Set<SessionEventType>([
  'UserInputRecorded',
  'AssistantTextRecorded',
  'AssistantReasoningRecorded',
  'ToolCallRecorded',
  'ToolResultRecorded',
  'ToolApprovalRequested',
  'ToolApprovalResponded',
]);

/**
 * The revision at which the model had answered turn `turn` (1-based): "what exactly did the model
 * see when it answered turn N". A turn is a `user_input` and everything until the next one; its
 * end is the last user, assistant or tool event before the next `user_input` (or the end of the
 * log). Compactions, pruning marks, reminders and hand-offs recorded after that last event are
 * left out: a runtime records them between turns, for the next model call, and the model that
 * answered turn N never saw them. A compaction in the middle of a turn (during a tool loop) is
 * inside it, since the turn's later model calls did see it.
 */
export function turnEndRevision(events: readonly RevisionedEvent[], turn: number): TurnEnd {
  let turns = 0;
  let end: number | undefined;
  for (const { revision, event } of events) {
    if (event.type === 'UserInputRecorded') {
      turns += 1;
      if (turns === turn + 1) break;
    }
    if (turns === turn && CONVERSATION_EVENT_TYPES.has(event.type)) end = revision;
  }
  return end === undefined ? { found: false, turns } : { found: true, revision: end };
}
