import type { RuntimeMessage } from '@agent-ledger/messages';
import { claimStoredId } from './claim-stored-id';
import { pairIncomingMessage } from './pair-incoming-message';
import { sameJson } from '@agent-ledger/events';
import type { MessageViews, SessionViewsStore, StoredMessage } from './session-views-store';

/**
 * Normalizes one recorded message incrementally, exactly as `normalizeSessionEvents` would place
 * it at the end of the session so far: a retried copy (same id, same content) is dropped, a
 * different message reusing an id is kept as `<id>#2`, tool parts are paired against the calls
 * and approvals before it, and a missing `toolName` on a tool result is filled in from its call.
 * Writes the message (and an eligible-parts copy, if pairing made one) with its transcript and
 * export rows (`viewsOf`), and the repairs.
 */
export function recordMessage(
  store: SessionViewsStore,
  message: RuntimeMessage,
  revision: number,
  sessionId: string,
  viewsOf: (message: RuntimeMessage) => MessageViews,
): void {
  const earlier = store.recordedVersions(sessionId, message.id);
  if (earlier.some((version) => sameJson(version, message))) {
    store.addRepair(sessionId, {
      type: 'duplicate-message-id',
      messageId: message.id,
      revision,
      detail: `Message "${message.id}" was recorded again with identical content (a retried append); the later copy was dropped.`,
    });
    return;
  }
  let placed = message;
  if (earlier.length > 0) {
    const renamedTo = claimStoredId(store, sessionId, message.id, 2);
    placed = { ...message, id: renamedTo };
    store.addRepair(sessionId, {
      type: 'duplicate-message-id',
      messageId: message.id,
      renamedTo,
      revision,
      detail: `Message id "${message.id}" was recorded again with different content; the later message was kept as "${renamedTo}".`,
    });
  }
  const seq = store.nextSeq(sessionId);
  const paired = pairIncomingMessage(store, sessionId, placed, { seq, revision });
  const written = paired.map((entry, index): StoredMessage => {
    const normalized = fillToolResultName(store, sessionId, entry.message);
    const recorded =
      entry.copyOf !== undefined || normalized === message ? null : JSON.stringify(message);
    return {
      seq: seq + index,
      revision,
      recordedId: entry.copyOf === undefined ? message.id : null,
      recorded,
      copyOf: entry.copyOf ?? null,
      message: normalized,
    };
  });
  for (const stored of written) {
    store.insertMessage(sessionId, stored, viewsOf(stored.message));
    rememberToolNames(store, sessionId, stored.message);
  }
}

/** Normalization fills a result's missing `toolName` from the first earlier call with its id. */
function fillToolResultName(
  store: SessionViewsStore,
  sessionId: string,
  message: RuntimeMessage,
): RuntimeMessage {
  if (message.kind !== 'tool_result') return message;
  if (message.content.every((part) => part.toolName !== undefined)) return message;
  return {
    ...message,
    content: message.content.map((part) => {
      const toolName = part.toolName ?? store.toolName(sessionId, part.toolCallId);
      return toolName === undefined ? part : { ...part, toolName };
    }),
  };
}

function rememberToolNames(
  store: SessionViewsStore,
  sessionId: string,
  message: RuntimeMessage,
): void {
  if (message.kind !== 'tool_call') return;
  for (const part of message.content) {
    store.rememberToolName(sessionId, part.toolCallId, part.toolName);
  }
}
