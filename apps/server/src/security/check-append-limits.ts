import { AppendTooLargeError, DEFAULT_MAX_APPEND_SIZE } from '@agent-ledger/event-store';
import { TooManyMessagesError } from './http-edge-errors';

/** What a tool output kept as a blob weighs in its event, at most (the reference and preview). */
const BLOB_REFERENCE_BYTES = 4096;

/**
 * The append limits, checked on the parsed body before a single message is validated (validation
 * is the expensive part): at most `maxMessages` messages, and — when the body itself is over the
 * 1 MiB append limit — messages whose JSON is within it once their tool outputs, texts and
 * tool-input strings above `blobThresholdBytes` are counted as the blob references they become
 * (the events are at least that large). A long string the append keeps inline (a system note)
 * passes here and meets the store's own limit. `bodyBytes` is the size of the request body as
 * received.
 */
export function checkAppendLimits(
  sessionId: string,
  body: unknown,
  bodyBytes: number,
  options: { maxMessages: number; blobThresholdBytes: number },
): void {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  if (messages.length > options.maxMessages) {
    throw new TooManyMessagesError(messages.length, options.maxMessages);
  }
  if (bodyBytes <= DEFAULT_MAX_APPEND_SIZE) return;
  const size = Buffer.byteLength(
    JSON.stringify(messages, (key, value: unknown) =>
      (key === 'output' && isLargeOutput(value, options.blobThresholdBytes)) ||
      (typeof value === 'string' && Buffer.byteLength(value) > options.blobThresholdBytes)
        ? 'x'.repeat(BLOB_REFERENCE_BYTES)
        : value,
    ),
  );
  if (size > DEFAULT_MAX_APPEND_SIZE) {
    throw new AppendTooLargeError(`session-${sessionId}`, size, DEFAULT_MAX_APPEND_SIZE);
  }
}

/** A text or JSON output the append will keep as a blob (`storeLargeOutputs`). */
function isLargeOutput(output: unknown, thresholdBytes: number): boolean {
  if (typeof output !== 'object' || output === null || !('type' in output)) return false;
  if (!('value' in output)) return false;
  const { type, value } = output;
  if (type === 'text' || type === 'error-text') {
    return typeof value === 'string' && Buffer.byteLength(value) > thresholdBytes;
  }
  if (type === 'json' || type === 'error-json') {
    return Buffer.byteLength(JSON.stringify(value) ?? '') > thresholdBytes;
  }
  return false;
}
