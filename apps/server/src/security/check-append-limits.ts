import { AppendTooLargeError, DEFAULT_MAX_APPEND_SIZE } from '@agent-ledger/event-store';
import { TooManyMessagesError } from './http-edge-errors';

/**
 * The append limits, checked on the parsed body before a single message is validated (validation
 * is the expensive part): at most `maxMessages` messages, and — when the body itself is over the
 * 1 MiB append limit — messages whose JSON alone is within it (the events they become are at
 * least that large). `bodyBytes` is the size of the request body as received.
 */
export function checkAppendLimits(
  sessionId: string,
  body: unknown,
  bodyBytes: number,
  options: { maxMessages: number },
): void {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  if (messages.length > options.maxMessages) {
    throw new TooManyMessagesError(messages.length, options.maxMessages);
  }
  if (bodyBytes <= DEFAULT_MAX_APPEND_SIZE) return;
  const size = Buffer.byteLength(JSON.stringify(messages));
  if (size > DEFAULT_MAX_APPEND_SIZE) {
    throw new AppendTooLargeError(`session-${sessionId}`, size, DEFAULT_MAX_APPEND_SIZE);
  }
}
