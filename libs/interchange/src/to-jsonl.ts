import type { RuntimeMessage } from '@agent-ledger/messages';

/** Runtime messages as JSON Lines: one message a line, in log order, each line ending in `\n`. */
export function toJsonl(messages: readonly RuntimeMessage[]): string {
  return [...jsonlLines(messages)].join('');
}

/**
 * The lines of `toJsonl`, one at a time, each message passed through `prepare` (a redaction) as
 * its line is made: a long session is written without ever being one string, or copied whole.
 */
export function* jsonlLines(
  messages: Iterable<RuntimeMessage>,
  prepare: (message: RuntimeMessage) => RuntimeMessage = (message) => message,
): Generator<string> {
  for (const message of messages) yield `${JSON.stringify(prepare(message))}\n`;
}
