import type { RecordedEvent } from '../event-store';

/** A row of the `events` table (a `STRICT` table: SQLite enforces these types). */
export interface EventRow {
  position: number;
  stream_name: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
}

/** The JSON text each frozen payload was parsed from (reads with `keepDataText`). */
const dataTexts = new WeakMap<object, string>();

/**
 * Maps a stored row to the port's `RecordedEvent`, parsing its JSON once. With `keepDataText`, an
 * object or array payload is frozen, deeply, and the text it was parsed from is kept for
 * `storedDataText`.
 */
export function toRecordedEvent(row: EventRow, keepDataText = false): RecordedEvent {
  const data = JSON.parse(row.data) as unknown;
  if (keepDataText && typeof data === 'object' && data !== null) {
    dataTexts.set(freezeDeep(data), row.data);
  }
  return {
    streamName: row.stream_name,
    revision: row.revision,
    position: row.position,
    id: row.event_id,
    type: row.type,
    data,
    metadata: parseMetadata(row.metadata),
    createdAt: row.created_at,
  };
}

function parseMetadata(json: string): Record<string, unknown> {
  if (json === '{}') return {};
  const parsed: unknown = JSON.parse(json);
  return isRecord(parsed) ? parsed : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON text the embedded store parsed `data` from, when it was read by a store opened with
 * `keepDataText` (`undefined` for anything else). Such a payload is frozen, deeply, as parsed, so
 * `JSON.parse` of this text gives a value equal to it, key order included: a reader holding JSON
 * written elsewhere can compare the two texts instead of serializing the value (the CLI's
 * `verify` does, for the messages its read models store).
 */
export function storedDataText(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null ? dataTexts.get(data) : undefined;
}

/** Freezes a value parsed from JSON and everything in it (plain objects and arrays only). */
function freezeDeep(value: object): object {
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item === 'object' && item !== null) freezeDeep(item);
    }
  } else {
    for (const key in value) {
      const member = (value as Record<string, unknown>)[key];
      if (typeof member === 'object' && member !== null) freezeDeep(member);
    }
  }
  return Object.freeze(value);
}
