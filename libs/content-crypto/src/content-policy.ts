import { isSessionEventType, SESSION_STREAM_PREFIX } from '@agent-ledger/events';
import { sessionReadableFields } from './session-readable-fields';

/** Which events `ContentSealingEventStore` seals, and what it leaves readable of them. */
export interface ContentPolicy {
  /** True when events of the stream may be sealed (its shredded keys hide it from `listStreamsInAll`). */
  sealsStream(streamName: string): boolean;
  /** True when an event of this type in this stream is sealed on append and opened on read. */
  seals(streamName: string, eventType: string): boolean;
  /**
   * The fields left in plain text beside `sealed` (an event `seals` said yes to): a new object at
   * each call, which becomes the stored payload (`sealed` is added to it, no copy made).
   */
  readableFields(
    streamName: string,
    event: { type: string; data: unknown },
  ): Record<string, unknown>;
}

/**
 * The server's policy: the session events of session streams, with the readable fields of
 * `sessionReadableFields`; every other stream and type passes through.
 */
export const SESSION_CONTENT_POLICY: ContentPolicy = {
  sealsStream: (streamName) => streamName.startsWith(SESSION_STREAM_PREFIX),
  seals: (streamName, eventType) =>
    streamName.startsWith(SESSION_STREAM_PREFIX) && isSessionEventType(eventType),
  readableFields: (streamName, event) => sessionReadableFields(streamName, event) ?? {},
};

/** Every event of every stream sealed, nothing left readable: the contract suite's policy. */
export const SEAL_EVERYTHING_POLICY: ContentPolicy = {
  sealsStream: () => true,
  seals: () => true,
  readableFields: () => ({}),
};
