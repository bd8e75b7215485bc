import { isUtf8 } from 'node:buffer';
import { UnacceptableJsonError } from './http-edge-errors';

/**
 * Refuses a request body whose bytes are not UTF-8 (RFC 8259: JSON exchanged between systems is
 * UTF-8). Decoding would replace each bad sequence by U+FFFD, and the server would store text the
 * client never sent; a lone surrogate, its counterpart in a `\u` escape, is refused too
 * (`InvalidText`). The message names the byte offset of the first bad sequence.
 */
export function checkUtf8Body(bytes: Uint8Array): void {
  if (isUtf8(bytes)) return;
  throw new UnacceptableJsonError(
    'InvalidUtf8',
    `The request body is not valid UTF-8 (the first invalid byte sequence starts at byte ${firstInvalidOffset(bytes)}); send JSON encoded as UTF-8.`,
  );
}

/**
 * Where the first invalid sequence starts: the bytes before it decode and encode back unchanged,
 * and the first byte that does not comes from the replacement character (or the character the
 * bad bytes ran into), whose first byte is where the bad sequence starts.
 */
function firstInvalidOffset(bytes: Uint8Array): number {
  const again = Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8');
  let offset = 0;
  while (offset < bytes.length && bytes[offset] === again[offset]) offset += 1;
  // Back to the first byte of the character holding the difference (continuation bytes: 10xxxxxx).
  while (offset > 0 && ((again[offset] ?? 0) & 0xc0) === 0x80) offset -= 1;
  return offset;
}
