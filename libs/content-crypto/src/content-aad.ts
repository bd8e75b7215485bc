/**
 * The additional authenticated data of a sealed payload: its stream, event id (lower-case, as
 * stored) and type, NUL-separated (none of them holds a NUL). A ciphertext copied to another
 * event, stream or type fails to open.
 */
export function contentAad(streamName: string, eventId: string, eventType: string): Buffer {
  return Buffer.from(
    `agent-ledger/content/v1\0${streamName}\0${eventId.toLowerCase()}\0${eventType}`,
  );
}
