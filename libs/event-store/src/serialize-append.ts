import { AppendTooLargeError, InvalidEventPayloadError } from './errors';
import type { EventPayloadValidator, EventToAppend } from './event-store';

/** EventStoreDB's default limit on one append: 1 MiB of event data and metadata. */
export const DEFAULT_MAX_APPEND_SIZE = 1024 * 1024;

/** An event checked and turned into JSON once, ready for any store to write. */
export interface SerializedEvent {
  /** Lower-case UUID. */
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** The checks every store applies before it writes anything. */
export interface AppendChecks {
  /** Bytes of UTF-8 JSON (data plus metadata, summed over the append). */
  maxAppendSize: number;
  validatePayload?: EventPayloadValidator;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks an append and serializes each event's data and metadata once. Throws, before anything is
 * written, `InvalidEventPayloadError` for the first event with a complaint (not a UUID, a reserved
 * `$` type, data that is not JSON, or what `validatePayload` says) and `AppendTooLargeError` when
 * the append is over `maxAppendSize`. An empty append is a `RangeError`: it is a caller's bug.
 */
export function serializeAppend(
  streamName: string,
  events: readonly EventToAppend[],
  checks: AppendChecks,
): SerializedEvent[] {
  if (events.length === 0) {
    throw new RangeError(`Append to "${streamName}" has no events; pass at least one.`);
  }
  const serialized: SerializedEvent[] = [];
  let size = 0;
  for (const event of events) {
    const complaints = complaintsAbout(event, checks.validatePayload);
    const data = toJson(event.data);
    const metadata = event.metadata === undefined ? '{}' : toJson(event.metadata);
    if (data === undefined) complaints.push('data is not serializable as JSON');
    if (metadata === undefined) complaints.push('metadata is not serializable as JSON');
    if (complaints.length > 0 || data === undefined || metadata === undefined) {
      throw new InvalidEventPayloadError(streamName, event.type, event.id, complaints);
    }
    size += Buffer.byteLength(data) + Buffer.byteLength(metadata);
    serialized.push({ id: event.id.toLowerCase(), type: event.type, data, metadata });
  }
  if (size > checks.maxAppendSize) {
    throw new AppendTooLargeError(streamName, size, checks.maxAppendSize);
  }
  return serialized;
}

function complaintsAbout(event: EventToAppend, validatePayload?: EventPayloadValidator): string[] {
  const complaints: string[] = [];
  if (!UUID.test(event.id)) complaints.push(`id "${event.id}" is not a UUID`);
  if (event.type.length === 0 || event.type.startsWith('$')) {
    complaints.push(`type "${event.type}" is empty or starts with "$" (reserved for the store)`);
  }
  if (complaints.length > 0 || validatePayload === undefined) return complaints;
  return validatePayload(event);
}

function toJson(value: unknown): string | undefined {
  try {
    const json: unknown = JSON.stringify(value);
    return typeof json === 'string' ? json : undefined;
  } catch {
    return undefined;
  }
}
