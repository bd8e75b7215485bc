import type { RuntimeMessage } from '@agent-ledger/messages';
import { messageLabel } from './message-label';
import { parseLabelledRuntimeMessage } from './parse-labelled-runtime-message';

/** Outcome of parsing outside data as a runtime message. */
export type ParseRuntimeMessageResult =
  { ok: true; message: RuntimeMessage } | { ok: false; errors: string[] };

/**
 * Checks outside data (an HTTP body, a CLI file) against the JSON Schema of its kind and returns
 * it typed, or the complaints: each names the message and the field, and says what would be
 * accepted (`message "m4": content: must not be empty; expected a non-empty array of tool-result
 * parts`).
 */
export function parseRuntimeMessage(value: unknown): ParseRuntimeMessageResult {
  return parseLabelledRuntimeMessage(value, messageLabel(value));
}
