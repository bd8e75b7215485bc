import type { RuntimeMessage } from '@agent-ledger/messages';

/** Runtime messages as JSON Lines: one message a line, in log order, each line ending in `\n`. */
export function toJsonl(messages: readonly RuntimeMessage[]): string {
  return messages.map((message) => `${JSON.stringify(message)}\n`).join('');
}
