import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { SESSION_LIST_SCHEMA_SQL } from './session-list-handler';
import type { SessionSummary } from './session-summary';

/** One page of the session list, newest activity first; pass `nextPosition` back as the cursor. */
export interface SessionListPage {
  sessions: SessionSummary[];
  /** `undefined` on the last page. */
  nextPosition?: number;
}

/** Reads the session list written by `SessionListHandler`. */
export class SessionListReader {
  private readonly statements;

  constructor(db: ReadModelDatabase) {
    db.exec(SESSION_LIST_SCHEMA_SQL);
    this.statements = {
      one: db.prepare<[string], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE session_id = ?',
      ),
      page: db.prepare<[number, number], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE position < ? ORDER BY position DESC LIMIT ?',
      ),
    };
  }

  /** The session's summary, or `undefined` when the read model has no event of it. */
  session(sessionId: string): SessionSummary | undefined {
    const row = this.statements.one.get(sessionId);
    return row === undefined ? undefined : readOwnJson<SessionSummary>(row.summary);
  }

  /** Sessions whose latest event is before `beforePosition` (all when absent), newest first. */
  page(options: { beforePosition?: number; limit: number }): SessionListPage {
    const rows = this.statements.page.all(
      options.beforePosition ?? Number.MAX_SAFE_INTEGER,
      options.limit + 1,
    );
    const sessions = rows
      .slice(0, options.limit)
      .map((row) => readOwnJson<SessionSummary>(row.summary));
    const last = sessions.at(-1);
    return rows.length > options.limit && last !== undefined
      ? { sessions, nextPosition: last.position }
      : { sessions };
  }
}
