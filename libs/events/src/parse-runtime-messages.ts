import type { RuntimeMessage } from '@agent-ledger/messages';
import { messageIdOf } from './message-label';
import { parseLabelledRuntimeMessage } from './parse-labelled-runtime-message';

/** Outcome of parsing outside data as an array of runtime messages. */
export type ParseRuntimeMessagesResult =
  { ok: true; messages: RuntimeMessage[] } | { ok: false; errors: string[] };

/**
 * Parses an array of runtime messages; all of them must be valid. Complaints are prefixed by the
 * message's place and id: `messages[3] (id "m4"): content/0/toolCallId: must be string`.
 */
export function parseRuntimeMessages(value: unknown): ParseRuntimeMessagesResult {
  if (!Array.isArray(value)) {
    return { ok: false, errors: ['messages: must be an array of runtime messages'] };
  }
  const messages: RuntimeMessage[] = [];
  const errors: string[] = [];
  value.forEach((item: unknown, index) => {
    const id = messageIdOf(item);
    const label =
      id === undefined ? `messages[${index}]` : `messages[${index}] (id ${JSON.stringify(id)})`;
    const result = parseLabelledRuntimeMessage(item, label);
    if (result.ok) messages.push(result.message);
    else errors.push(...result.errors);
  });
  return errors.length === 0 ? { ok: true, messages } : { ok: false, errors };
}
