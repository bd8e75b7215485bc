import type { Writable } from 'node:stream';

/**
 * Text a live-stream subscriber may leave unread (buffered in this process, past what the kernel
 * holds) before its stream is closed: 16 MiB, minutes of a busy session's entries.
 */
export const MAX_UNREAD_BYTES = 16 * 1024 * 1024;

/**
 * Writes `frames` to a subscriber's stream in one write (corked: one system call for them all,
 * the buffers as they are, shared with the other subscribers), unless it already leaves more than
 * `maxUnreadBytes` unread: then the stream is destroyed instead (its memory freed), and the client,
 * reconnecting with `Last-Event-ID`, resumes after the last entry it read. A subscriber that stops
 * reading thus never grows the server's memory without bound. Returns whether it wrote.
 */
export function writeOrDropSubscriber(
  stream: Writable,
  frames: readonly Buffer[],
  maxUnreadBytes: number = MAX_UNREAD_BYTES,
): boolean {
  if (stream.destroyed) return false;
  if (stream.writableLength > maxUnreadBytes) {
    stream.destroy();
    return false;
  }
  if (frames.length === 1) {
    stream.write(frames[0]);
    return true;
  }
  stream.cork();
  for (const chunk of frames) stream.write(chunk);
  stream.uncork();
  return true;
}
