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

/** Maps a stored row to the port's `RecordedEvent`, parsing its JSON once. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamName: row.stream_name,
    revision: row.revision,
    position: row.position,
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
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
