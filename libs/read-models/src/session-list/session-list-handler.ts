import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import type { ProjectionHandler } from '../runner/projection-handler';
import type { SessionLogEvent } from '../runner/session-log-event';
import { evolveSessionSummary } from './evolve-session-summary';
import type { SessionSummary } from './session-summary';

const SCHEMA_VERSION = 1;

/** The session list's table; `position` orders it newest first. */
export const SESSION_LIST_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_sessions (
  session_id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_sessions_by_position ON rm_sessions (position);
`;

/** Maintains the session list (`rm_sessions`): one summary row per session, updated per event. */
export class SessionListHandler implements ProjectionHandler {
  readonly name = 'session-list';
  readonly version = String(SCHEMA_VERSION);
  private statements:
    | {
        select: { get(sessionId: string): { summary: string } | undefined };
        upsert: { run(sessionId: string, position: number, summary: string): unknown };
      }
    | undefined;

  constructor(private readonly db: ReadModelDatabase) {}

  setUp(): void {
    this.db.exec(SESSION_LIST_SCHEMA_SQL);
    this.statements = {
      select: this.db.prepare<[string], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE session_id = ?',
      ),
      upsert: this.db.prepare<[string, number, string]>(
        'INSERT OR REPLACE INTO rm_sessions (session_id, position, summary) VALUES (?, ?, ?)',
      ),
    };
  }

  drop(): void {
    this.db.exec('DROP TABLE IF EXISTS rm_sessions');
    this.statements = undefined;
  }

  apply(logged: SessionLogEvent): void {
    if (this.statements === undefined) this.setUp();
    const statements = this.statements;
    if (statements === undefined) return;
    const row = statements.select.get(logged.sessionId);
    const current = row === undefined ? undefined : readOwnJson<SessionSummary>(row.summary);
    const next = evolveSessionSummary(current, logged);
    statements.upsert.run(logged.sessionId, next.position, JSON.stringify(next));
  }
}
