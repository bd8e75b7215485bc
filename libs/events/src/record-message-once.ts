import type { RuntimeMessage } from '@agent-ledger/messages';
import { firstFreeId } from './logged-message';
import type { RecordedSoFar } from './recorded-so-far';
import type { RepairFinding } from './repair';
import { sameJson } from './same-json';

/**
 * The rule for a message whose id is taken, shared by a replay and the read models: given what
 * the session recorded so far (`recorded`), a retried append (same id, same content as a message
 * recorded under that id, key order ignored) is dropped (`placed` is `undefined`), and any other
 * message whose id is taken, whether an earlier message was recorded under it or it was minted
 * (`<id>#2`, a repair's copy), is kept under the first free `<id>#2`, `<id>#3`… among the ids
 * taken so far; each is reported. A message with a free id is placed as it is.
 *
 * Only ids taken so far count, never ids that later events use: an incremental read model cannot
 * see those. So a log whose later message literally uses `<id>#2` gets `<id>#2` for the earlier
 * reuse, and the later message, finding its id taken, is kept as `<id>#2#2`; no two messages share
 * an id.
 */
export function recordMessageOnce(
  message: RuntimeMessage,
  recorded: RecordedSoFar,
): { placed: RuntimeMessage | undefined; repair?: RepairFinding } {
  if (!recorded.isTaken(message.id)) return { placed: message };
  const earlier = recorded.versionsRecordedAs(message.id);
  if (earlier.some((version) => sameJson(version, message))) {
    return {
      placed: undefined,
      repair: {
        type: 'duplicate-message-id',
        messageId: message.id,
        detail: `Message "${message.id}" was recorded again with identical content (a retried append); the later copy was dropped.`,
      },
    };
  }
  const renamedTo = firstFreeId(message.id, (id) => recorded.isTaken(id), 2);
  const why =
    earlier.length === 0
      ? 'was already given to an earlier message by normalization'
      : 'was recorded again with different content';
  return {
    placed: { ...message, id: renamedTo },
    repair: {
      type: 'duplicate-message-id',
      messageId: message.id,
      renamedTo,
      detail: `Message id "${message.id}" ${why}; the later message was kept as "${renamedTo}".`,
    },
  };
}
