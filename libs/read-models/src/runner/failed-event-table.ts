import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { FailedEvent } from './failed-event';

interface FailedEventRow {
  handler: string;
  position: number;
  stream_name: string;
  session_id: string | null;
  revision: number;
  event_id: string;
  event_type: string;
  error: string;
  failed_at: string;
}

/** Reads and writes `rm_failed_events`. */
export class FailedEventTable {
  private readonly insert;
  private readonly deleteForHandler;
  private readonly deleteForSession;
  private readonly selectAll;
  private readonly selectForSession;

  constructor(db: ReadModelDatabase) {
    this.insert = db.prepare<[FailedEventRow]>(
      `INSERT OR REPLACE INTO rm_failed_events
         (handler, position, stream_name, session_id, revision, event_id, event_type, error, failed_at)
       VALUES (@handler, @position, @stream_name, @session_id, @revision, @event_id, @event_type, @error, @failed_at)`,
    );
    this.deleteForHandler = db.prepare<[string]>('DELETE FROM rm_failed_events WHERE handler = ?');
    this.deleteForSession = db.prepare<[string, string, number]>(
      'DELETE FROM rm_failed_events WHERE handler = ? AND session_id = ? AND position <= ?',
    );
    this.selectAll = db.prepare<[], FailedEventRow>(
      'SELECT * FROM rm_failed_events ORDER BY position, handler',
    );
    this.selectForSession = db.prepare<[string], FailedEventRow>(
      'SELECT * FROM rm_failed_events WHERE session_id = ? ORDER BY position, handler',
    );
  }

  record(failed: FailedEvent): void {
    this.insert.run({
      handler: failed.handler,
      position: failed.position,
      stream_name: failed.streamName,
      session_id: failed.sessionId ?? null,
      revision: failed.revision,
      event_id: failed.eventId,
      event_type: failed.eventType,
      error: failed.error,
      failed_at: failed.failedAt,
    });
  }

  clear(handler: string): void {
    this.deleteForHandler.run(handler);
  }

  /** Forgets the failures of one session up to `position` (a repair applies its events again). */
  clearSession(handler: string, sessionId: string, position: number): void {
    this.deleteForSession.run(handler, sessionId, position);
  }

  /** Every failed event, or those of one session, in log order. */
  list(sessionId?: string): FailedEvent[] {
    const rows =
      sessionId === undefined ? this.selectAll.all() : this.selectForSession.all(sessionId);
    return rows.map(toFailedEvent);
  }
}

function toFailedEvent(row: FailedEventRow): FailedEvent {
  return {
    handler: row.handler,
    position: row.position,
    streamName: row.stream_name,
    ...(row.session_id === null ? {} : { sessionId: row.session_id }),
    revision: row.revision,
    eventId: row.event_id,
    eventType: row.event_type,
    error: row.error,
    failedAt: row.failed_at,
  };
}
