/**
 * The records of the emulator's in-memory transaction log.
 *
 * Positions imitate EventStoreDB's: byte offsets in one log, strictly increasing, with the
 * commit position equal to the prepare position for every event written through gRPC (there are
 * no explicit transactions), and not consecutive integers, so a client that assumes `+1` fails.
 */

/** One event in the log. */
export interface LogRecord {
  /** Commit position, which is also the prepare position. */
  position: number;
  streamName: string;
  /** 0-based revision in its stream; a tombstone has {@link TOMBSTONE_REVISION}. */
  revision: bigint;
  eventId: string;
  eventType: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB sends `created`. */
  createdTicks: bigint;
}

/** An event as a client proposes it. */
export interface ProposedEvent {
  eventId: string;
  eventType: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

/** What the writer expects the stream to be, as the gRPC options carry it. */
export type ExpectedVersion =
  | { kind: 'any' }
  | { kind: 'noStream' }
  | { kind: 'streamExists' }
  | { kind: 'revision'; revision: number };

/** Revision of the `$streamDeleted` record a tombstone writes (`long.MaxValue`). */
export const TOMBSTONE_REVISION = 9223372036854775807n;

/** Event type EventStoreDB writes for a tombstone. */
export const STREAM_DELETED_EVENT_TYPE = '$streamDeleted';

/** Event type of stream metadata, written to `$$<stream>`. */
export const METADATA_EVENT_TYPE = '$metadata';

/** EventStoreDB's default `MaxAppendSize`: 1 MiB. */
export const DEFAULT_MAX_APPEND_SIZE = 1024 * 1024;

/** The metastream of a stream, where its metadata lives. */
export function metastreamOf(streamName: string): string {
  return `$$${streamName}`;
}

/** EventStoreDB's `Event.SizeOnDisk`: data, metadata and twice the type's length. */
export function sizeOnDisk(event: ProposedEvent): number {
  return event.data.length + event.customMetadata.length + event.eventType.length * 2;
}
