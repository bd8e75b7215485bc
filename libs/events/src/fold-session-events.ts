import { derivedOnce, type RuntimeMessage } from '@agent-ledger/messages';
import { handleSessionEvent } from './handle-session-event';
import { isMessageEventType } from './is-message-event-type';
import { claimUniqueId, withMetadata, type LoggedMessage } from './logged-message';
import type { Repair } from './repair';
import { pruneTargetVerdict } from './prune-target-verdict';
import { recordMessageOnce } from './record-message-once';
import type { SessionEvent, ToolResultsPrunedEvent } from './session-event';
import type { SessionEventHandlers } from './session-event-handlers';

/** Messages in log order after duplicates and pruning marks, with what was repaired. */
export interface FoldedSession {
  entries: LoggedMessage[];
  repairs: Repair[];
  /** Every message id in use, so later repairs can mint ids that collide with none. */
  takenIds: Set<string>;
}

/**
 * First step of normalization: folds the events of one session, in log order, into its
 * messages. Handles duplicated message ids (drop identical retries, re-id different content as
 * `<id>#2`), applies pruning marks (first mark wins; a mark only reaches messages recorded
 * before it) and skips events of unknown types, reporting each.
 */
export function foldSessionEvents(events: ReadonlyArray<SessionEvent>): FoldedSession {
  const takenIds = new Set<string>();
  for (const event of events) {
    if (isMessageEventType(event.type) && hasStringId(event.data)) takenIds.add(event.data.id);
  }
  const entries: LoggedMessage[] = [];
  const repairs: Repair[] = [];
  const indexById = new Map<string, number>();
  const recordedById = new Map<string, RuntimeMessage[]>();

  const record = (message: RuntimeMessage, eventIndex: number): void => {
    const recorded = recordedById.get(message.id) ?? [];
    const once = recordMessageOnce(message, recorded, (id) => claimUniqueId(id, takenIds, 2));
    if (once.repair !== undefined) repairs.push({ ...once.repair, eventIndex });
    if (once.placed === undefined) return;
    recordedById.set(message.id, [...recorded, message]);
    indexById.set(once.placed.id, entries.push({ message: once.placed, eventIndex }) - 1);
  };

  const prune = (data: ToolResultsPrunedEvent['data'], eventIndex: number): void => {
    for (const id of new Set(data.messageIds)) {
      const index = indexById.get(id);
      const entry = index === undefined ? undefined : entries[index];
      const target = pruneTargetVerdict(id, entry?.message);
      if (target.verdict === 'repair') repairs.push({ ...target.repair, eventIndex });
      if (target.verdict !== 'prune' || index === undefined || entry === undefined) continue;
      entries[index] = {
        ...entry,
        message: derivedOnce(entry.message, `compactedAt:${data.compactedAt}`, (message) =>
          withMetadata(message, { compactedAt: data.compactedAt }),
        ),
      };
    }
  };

  const handlers: SessionEventHandlers<[eventIndex: number], void> = {
    SessionStarted: () => undefined,
    SessionEnded: () => undefined,
    ModelCallRecorded: () => undefined,
    ToolResultsPruned: (event, eventIndex) => prune(event.data, eventIndex),
    MessageRecorded: (event, eventIndex) => record(event.data, eventIndex),
    unknownType: (eventType, eventIndex) => {
      repairs.push({
        type: 'unknown-event-type',
        eventType,
        eventIndex,
        detail: `Event type "${eventType}" is unknown to this version; the event was skipped.`,
      });
    },
  };
  events.forEach((event, eventIndex) => handleSessionEvent(handlers, event, eventIndex));
  return { entries, repairs, takenIds };
}

function hasStringId(data: unknown): data is { id: string } {
  return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string';
}
