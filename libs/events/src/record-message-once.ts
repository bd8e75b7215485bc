import type { RuntimeMessage } from '@agent-ledger/messages';
import type { RepairFinding } from './repair';
import { sameJson } from './same-json';

/**
 * The rule for a message id recorded again, shared by a replay and the read models: given the
 * messages already recorded under `message.id` (`earlier`, as their events recorded them), a
 * retried append (same content, key order ignored) is dropped (`placed` is `undefined`), and a
 * different message is kept under `renamed(message.id)` (`<id>#2`, `<id>#3`…); each is reported.
 */
export function recordMessageOnce(
  message: RuntimeMessage,
  earlier: readonly RuntimeMessage[],
  renamed: (id: string) => string,
): { placed: RuntimeMessage | undefined; repair?: RepairFinding } {
  if (earlier.length === 0) return { placed: message };
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
  const renamedTo = renamed(message.id);
  return {
    placed: { ...message, id: renamedTo },
    repair: {
      type: 'duplicate-message-id',
      messageId: message.id,
      renamedTo,
      detail: `Message id "${message.id}" was recorded again with different content; the later message was kept as "${renamedTo}".`,
    },
  };
}
