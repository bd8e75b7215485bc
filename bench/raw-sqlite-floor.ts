import Database from 'better-sqlite3';
import type { EventToAppend, RecordedEvent } from '@agent-ledger/event-store';

interface RawRow {
  position: number;
  stream_name: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
}

/**
 * The floor the store is measured against: the same table, indexes, journal and `synchronous`
 * level, the same transaction shape (one `BEGIN IMMEDIATE` per append, one prepared insert per
 * event, JSON serialized once), and reads that parse each row into the same event object, but
 * none of the store's checks (expected revision, idempotence, deletion, validation, size).
 */
export class RawSqliteFloor {
  private readonly db: Database.Database;
  private readonly appendTransaction: (
    streamName: string,
    firstRevision: number,
    events: readonly EventToAppend[],
  ) => void;

  constructor(path: string, synchronous: 'full' | 'normal') {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, stream_name TEXT NOT NULL,
        revision INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL,
        data TEXT NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream ON events (stream_name, revision);
      CREATE INDEX IF NOT EXISTS events_by_id ON events (event_id);`);
    const insert = this.db.prepare<[string, number, string, string, string, string, string]>(
      `INSERT INTO events (stream_name, revision, event_id, type, data, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const transaction = this.db.transaction(
      (streamName: string, firstRevision: number, events: readonly EventToAppend[]) => {
        const createdAt = new Date().toISOString();
        events.forEach((event, index) => {
          insert.run(
            streamName,
            firstRevision + index,
            event.id,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata ?? {}),
            createdAt,
          );
        });
      },
    );
    this.appendTransaction = (...args) => transaction.immediate(...args);
  }

  append(streamName: string, firstRevision: number, events: readonly EventToAppend[]): void {
    this.appendTransaction(streamName, firstRevision, events);
  }

  /** Reads one stream in revision order; returns how many events it read. */
  readStream(streamName: string): number {
    const statement = this.db.prepare<[string], RawRow>(
      'SELECT * FROM events WHERE stream_name = ? ORDER BY revision',
    );
    let count = 0;
    for (const row of statement.iterate(streamName)) count += consume(toEvent(row));
    return count;
  }

  /** Reads every user event in position order; returns how many it read. */
  readAll(): number {
    const statement = this.db.prepare<[], RawRow>(
      'SELECT * FROM events WHERE unicode(type) <> 36 ORDER BY position',
    );
    let count = 0;
    for (const row of statement.iterate()) count += consume(toEvent(row));
    return count;
  }

  close(): void {
    this.db.close();
  }
}

function toEvent(row: RawRow): RecordedEvent {
  return {
    streamName: row.stream_name,
    revision: row.revision,
    position: row.position,
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

/** Touches the event so the work cannot be optimized away; always 1. */
export function consume(event: RecordedEvent): number {
  return event.revision >= 0 ? 1 : 0;
}
