import { handleSessionEvent } from './handle-session-event';
import { InMemoryRecordedMessages } from './in-memory-recorded-messages';
import type { LoggedMessage } from './logged-message';
import { pruningMarkTargets } from './pruning-mark-targets';
import { recordMessageOnce } from './record-message-once';
import type { Repair } from './repair';
import type { SessionEvent } from './session-event';
import type { SessionEventHandlers } from './session-event-handlers';

/** Messages in log order after duplicates and pruning marks, with what was repaired. */
export interface FoldedSession {
  entries: LoggedMessage[];
  repairs: Repair[];
  /** Every message id in use, so later repairs can mint ids that collide with none. */
  takenIds: Set<string>;
}

/**
 * First step of normalization, and what the search and analytics read models hold: folds the
 * events of one session, in log order, into its messages by the rule the read models follow
 * event by event. A retried message is dropped, a message whose id is taken (recorded or minted
 * before it) is kept under the first free `<id>#n` (`recordMessageOnce`), a pruning mark prunes
 * the tool results recorded before it (first mark wins, `pruningMarkTargets`), and events of
 * unknown types are skipped; each is reported.
 */
export function foldSessionEvents(events: ReadonlyArray<SessionEvent>): FoldedSession {
  const recorded = new InMemoryRecordedMessages();
  const repairs: Repair[] = [];
  events.forEach((event, eventIndex) =>
    handleSessionEvent(FOLD, event, recorded, repairs, eventIndex),
  );
  return { entries: recorded.entries, repairs, takenIds: recorded.takenIds };
}

const FOLD: SessionEventHandlers<
  [recorded: InMemoryRecordedMessages, repairs: Repair[], eventIndex: number],
  void
> = {
  SessionStarted: () => undefined,
  SessionEnded: () => undefined,
  // The replay folds the current line (`currentLine`): what a rewind undid is not given to it.
  SessionRewound: () => undefined,
  ModelCallRecorded: () => undefined,
  ContextOverflowRecovered: () => undefined,
  ProviderCompactionRecorded: () => undefined,
  ProviderContextEdited: () => undefined,
  // Raw entries of a Claude Agent SDK session: their runtime messages are recorded beside them.
  ClaudeCodeEntriesRecorded: () => undefined,
  ToolResultsPruned: ({ data }, recorded, repairs, eventIndex) => {
    const mark = pruningMarkTargets(data.messageIds, recorded);
    for (const repair of mark.repairs) repairs.push({ ...repair, eventIndex });
    for (const { id } of mark.targets) recorded.prune(id, data.compactedAt);
  },
  MessageRecorded: ({ data: message }, recorded, repairs, eventIndex) => {
    const once = recordMessageOnce(message, recorded);
    if (once.repair !== undefined) repairs.push({ ...once.repair, eventIndex });
    if (once.placed !== undefined) recorded.place(message, once.placed, eventIndex);
  },
  unknownType: (eventType, _recorded, repairs, eventIndex) => {
    repairs.push({
      type: 'unknown-event-type',
      eventType,
      eventIndex,
      detail: `Event type "${eventType}" is unknown to this version; the event was skipped.`,
    });
  },
};
