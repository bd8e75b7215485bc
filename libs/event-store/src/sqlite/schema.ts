/** Version of the file layout, kept in `PRAGMA user_version`. */
export const SCHEMA_VERSION = 1;

/**
 * One table holds every record, user events and the store's own (`$metadata` in `$$<stream>`,
 * `$streamDeleted` tombstones), so they share one sequence of positions.
 *
 * - `position` is `AUTOINCREMENT`: SQLite then never hands out a number again, even after the
 *   highest rows are deleted (it keeps the high-water mark in `sqlite_sequence`).
 * - `(stream_name, revision)` is unique: two writers can never hold the same revision, whatever
 *   happens above this layer; it also serves stream reads and the stream's head.
 * - `event_id` is indexed for idempotent retries with `any` / `stream_exists`.
 * - `STRICT` makes SQLite enforce the column types the row mapping relies on.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_name TEXT NOT NULL,
  revision INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream ON events (stream_name, revision);
CREATE INDEX IF NOT EXISTS events_by_id ON events (event_id);
`;

/** Revision of a tombstone record: above any real one, as EventStoreDB's `long.MaxValue`. */
export const TOMBSTONE_REVISION = Number.MAX_SAFE_INTEGER;

/** Type of the record that tombstones a stream. */
export const STREAM_DELETED_TYPE = '$streamDeleted';

/** Type of a metadata record, written to the metadata stream. */
export const METADATA_TYPE = '$metadata';

/** The metadata stream of a stream, as EventStoreDB names it. */
export function metadataStreamName(streamName: string): string {
  return `$$${streamName}`;
}

/** SQL true for user events: the store's own records have types starting with `$` (code 36). */
export const USER_EVENT_SQL = 'unicode(type) <> 36';
