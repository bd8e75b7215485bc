import {
  handleSessionEvent,
  type SessionEvent,
  type SessionEventHandlers,
} from '@agent-ledger/events';
import { parse as parseUuid, v5 as uuidv5 } from 'uuid';

/** UUID v5 namespace of session event ids. Changing it would break the idempotency of retries. */
export const SESSION_EVENT_ID_NAMESPACE = 'b229b306-5490-4185-86da-8293304e97a3';

/** The namespace's bytes, parsed once (the library would parse the string on every id). */
const NAMESPACE_BYTES = parseUuid(SESSION_EVENT_ID_NAMESPACE);

/**
 * The id of a session event, derived from what the event is (UUID v5), never random: a message's
 * event id comes from the session id and the message id, so a client that re-sends an append
 * whose response it lost produces the same event ids, and the store treats it as a retry. A
 * model call's comes from the session id and its `callId`.
 *
 * `lineEpoch` (the state's, see `SessionState.lineEpoch`): after a rewind, the events of the line
 * that goes on from it are named with the rewind too, so that a message id the rewind undid may
 * be recorded again under another event id. `incarnation` (0 for a stream never erased) tells
 * apart the lives of a session id erased and started again (`sessionIncarnation`): a store that
 * keeps a deleted stream's events, EventStoreDB, would take the new ones for retries. Before any
 * rewind or erasure, ids are as they always were.
 */
export function sessionEventId(
  sessionId: string,
  event: SessionEvent,
  options: { lineEpoch?: number | undefined; incarnation?: number | undefined } = {},
): string {
  const { lineEpoch, incarnation = 0 } = options;
  const named = eventName(sessionId, event);
  const onLine =
    lineEpoch === undefined || event.type === 'SessionRewound' || event.type === 'SessionStarted'
      ? named
      : `${named}\u0000line\u0000${lineEpoch}`;
  const name = incarnation === 0 ? onLine : `${onLine}\u0000incarnation\u0000${incarnation}`;
  // Well-formed text goes as its UTF-8 bytes, encoded natively: the very bytes the library's own
  // encoder would make, at a fraction of its cost. A lone surrogate has no UTF-8 form: the
  // library refuses it, as before, rather than ids colliding on a replacement character.
  return uuidv5(isWellFormed(name) ? Buffer.from(name, 'utf8') : name, NAMESPACE_BYTES);
}

function eventName(sessionId: string, event: SessionEvent): string {
  return handleSessionEvent(EVENT_NAME, event, sessionId);
}

/** What names each kind of event: a message its id, a model call its `callId`. */
const EVENT_NAME: SessionEventHandlers<[sessionId: string], string> = {
  SessionStarted: (event, sessionId) => `${sessionId}\u0000${event.type}`,
  SessionEnded: (event, sessionId) => `${sessionId}\u0000${event.type}`,
  SessionRewound: (event, sessionId) =>
    `${sessionId}\u0000${event.type}\u0000${event.data.fromRevision}\u0000${event.data.toRevision}`,
  ToolResultsPruned: (event, sessionId) =>
    `${sessionId}\u0000${event.type}\u0000${event.data.messageIds.join('\u0000')}`,
  ModelCallRecorded: (event, sessionId) => `${sessionId}\u0000model-call\u0000${event.data.callId}`,
  ProviderCompactionRecorded: (event, sessionId) =>
    `${sessionId}\u0000provider-compaction\u0000${event.data.compactionId}`,
  ProviderContextEdited: (event, sessionId) =>
    `${sessionId}\u0000provider-context-edit\u0000${event.data.callId}`,
  ContextOverflowRecovered: (event, sessionId) =>
    `${sessionId}\u0000overflow-recovery\u0000${event.data.recoveryId}`,
  // A batch is named by what it holds: the same batch sent again is a retry.
  ClaudeCodeEntriesRecorded: (event, sessionId) =>
    `${sessionId}\u0000claude-code-entries\u0000${event.data.subpath ?? ''}\u0000${JSON.stringify(event.data.entries)}`,
  MessageRecorded: (event, sessionId) => `${sessionId}\u0000message\u0000${event.data.id}`,
};

/** `String.prototype.isWellFormed` (ES2024, in Node since 20), which this project's `lib` setting does not type. */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
