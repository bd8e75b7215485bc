import type Database from 'better-sqlite3';
import type { StoredEventRef } from '../stream-write-state';
import type { EventRow } from './event-row';
import { STREAM_DELETED_TYPE, USER_EVENT_SQL } from './schema';

type Statement<P extends unknown[], R = unknown> = Database.Statement<P, R>;

/** The statements every store operation needs, prepared once per connection. */
export interface SqliteStatements {
  lastRevision: Statement<[streamName: string], { revision: number }>;
  lastRecord: Statement<[streamName: string], { revision: number; data: string }>;
  eventAt: Statement<[streamName: string, revision: number], StoredEventRef>;
  findById: Statement<[eventId: string, streamName: string], StoredEventRef>;
  insert: Statement<
    [
      streamName: string,
      revision: number,
      eventId: string,
      type: string,
      data: string,
      metadata: string,
      createdAt: string,
    ]
  >;
  /** Deletes a stream's records but its tombstone (an erasure). */
  eraseStream: Statement<[streamName: string]>;
  /** Last position of a user event. */
  headPosition: Statement<[], { position: number }>;
  /** Last position of any record. */
  lastPosition: Statement<[], { position: number | null }>;
  streamForwards: Statement<
    [streamName: string, from: number, to: number, createdNotBefore: string, limit: number],
    EventRow
  >;
  streamBackwards: Statement<
    [streamName: string, to: number, from: number, createdNotBefore: string, limit: number],
    EventRow
  >;
  /** `streamForwards` of the types in `types` (a JSON array of strings) only. */
  streamForwardsOfTypes: Statement<
    [
      streamName: string,
      from: number,
      to: number,
      createdNotBefore: string,
      types: string,
      limit: number,
    ],
    EventRow
  >;
  /** `streamBackwards` of the types in `types` (a JSON array of strings) only. */
  streamBackwardsOfTypes: Statement<
    [
      streamName: string,
      to: number,
      from: number,
      createdNotBefore: string,
      types: string,
      limit: number,
    ],
    EventRow
  >;
}

/** SQL true for an event whose type is in the JSON array bound at this place. */
const TYPE_IN_SQL = 'type IN (SELECT value FROM json_each(?))';

const COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created_at';

/** Prepares the store's fixed statements on `db`. */
export function prepareStatements(db: Database.Database): SqliteStatements {
  return {
    lastRevision: db.prepare(
      'SELECT revision FROM events WHERE stream_name = ? ORDER BY revision DESC LIMIT 1',
    ),
    lastRecord: db.prepare(
      'SELECT revision, data FROM events WHERE stream_name = ? ORDER BY revision DESC LIMIT 1',
    ),
    eventAt: db.prepare(
      'SELECT event_id AS id, revision, position FROM events WHERE stream_name = ? AND revision = ?',
    ),
    findById: db.prepare(
      `SELECT event_id AS id, revision, position FROM events
       WHERE event_id = ? AND stream_name = ? ORDER BY position DESC LIMIT 1`,
    ),
    insert: db.prepare(
      `INSERT INTO events (stream_name, revision, event_id, type, data, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    eraseStream: db.prepare(
      `DELETE FROM events WHERE stream_name = ? AND type <> '${STREAM_DELETED_TYPE}'`,
    ),
    headPosition: db.prepare(
      `SELECT position FROM events WHERE ${USER_EVENT_SQL} ORDER BY position DESC LIMIT 1`,
    ),
    lastPosition: db.prepare('SELECT max(position) AS position FROM events'),
    streamForwards: db.prepare(
      `SELECT ${COLUMNS} FROM events
       WHERE stream_name = ? AND revision >= ? AND revision <= ? AND created_at >= ?
       ORDER BY revision LIMIT ?`,
    ),
    streamBackwards: db.prepare(
      `SELECT ${COLUMNS} FROM events
       WHERE stream_name = ? AND revision <= ? AND revision >= ? AND created_at >= ?
       ORDER BY revision DESC LIMIT ?`,
    ),
    // Over the stream index, like the reads above: the rows of other types are skipped in SQLite,
    // never parsed or handed to JavaScript.
    streamForwardsOfTypes: db.prepare(
      `SELECT ${COLUMNS} FROM events
       WHERE stream_name = ? AND revision >= ? AND revision <= ? AND created_at >= ?
         AND ${TYPE_IN_SQL}
       ORDER BY revision LIMIT ?`,
    ),
    streamBackwardsOfTypes: db.prepare(
      `SELECT ${COLUMNS} FROM events
       WHERE stream_name = ? AND revision <= ? AND revision >= ? AND created_at >= ?
         AND ${TYPE_IN_SQL}
       ORDER BY revision DESC LIMIT ?`,
    ),
  };
}
