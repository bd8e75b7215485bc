import { ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import type { ExpectedVersion, LogRecord, ProposedEvent } from './log-record';

/** The proposed-message shape shared by `AppendReq` and `BatchAppendReq`. */
interface ProposedMessageLike {
  getId(): UUID | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

/** The stream name a request names, decoded from UTF-8 bytes. */
export function streamNameOf(identifier: StreamIdentifier | undefined): string {
  return identifier === undefined
    ? ''
    : Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

/** A stream identifier for a response. */
export function streamIdentifier(streamName: string): StreamIdentifier {
  return new StreamIdentifier().setStreamName(Buffer.from(streamName, 'utf8'));
}

/** A UUID message in its string form (the client asks for strings). */
export function uuidMessage(id: string): UUID {
  return new UUID().setString(id);
}

/** Reads a UUID message, in either of its two forms. */
export function uuidOf(uuid: UUID | undefined): string {
  if (uuid === undefined) return '';
  if (uuid.hasString()) return uuid.getString();
  const structured = uuid.getStructured();
  if (structured === undefined) return '';
  const most = BigInt.asUintN(64, BigInt(structured.getMostSignificantBits()));
  const least = BigInt.asUintN(64, BigInt(structured.getLeastSignificantBits()));
  const hex = ((most << 64n) | least).toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A proposed message as the log stores it; `type` and `content-type` are required metadata. */
export function proposedEventOf(message: ProposedMessageLike): ProposedEvent | string {
  const metadata = message.getMetadataMap();
  const eventType = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (eventType === undefined) return "Required Metadata Property 'type' is missing";
  if (contentType === undefined) return "Required Metadata Property 'content-type' is missing";
  return {
    eventId: uuidOf(message.getId()),
    eventType,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

/** EventStoreDB's legacy numbers for expected versions, as its error trailers carry them. */
export function legacyExpectedVersion(expected: ExpectedVersion): number {
  switch (expected.kind) {
    case 'any':
      return -2;
    case 'noStream':
      return -1;
    case 'streamExists':
      return -4;
    case 'revision':
      return expected.revision;
    default: {
      const unreachable: never = expected;
      return unreachable;
    }
  }
}

/** A record as a `ReadResp` carrying one event, with its `$all` position. */
export function readEventResponse(record: LogRecord): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(record.eventId))
    .setStreamIdentifier(streamIdentifier(record.streamName))
    .setStreamRevision(record.revision.toString())
    .setCommitPosition(String(record.position))
    .setPreparePosition(String(record.position))
    .setData(record.data)
    .setCustomMetadata(record.customMetadata);
  const map = recorded.getMetadataMap();
  map.set('type', record.eventType);
  map.set('content-type', record.contentType);
  map.set('created', record.createdTicks.toString());
  const event = new ReadResp.ReadEvent()
    .setEvent(recorded)
    .setCommitPosition(String(record.position));
  return new ReadResp().setEvent(event);
}
