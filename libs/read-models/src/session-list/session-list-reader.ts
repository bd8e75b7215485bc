import type { Statement } from 'better-sqlite3';
import { tenantCondition } from '../database/tenant-condition';
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
  /** The page statement of each tenant condition (none, a named tenant's range, the default tenant). */
  private readonly pages = new Map<
    string,
    Statement<Record<string, unknown>, { summary: string }>
  >();

  constructor(private readonly db: ReadModelDatabase) {
    db.exec(SESSION_LIST_SCHEMA_SQL);
    this.statements = {
      one: db.prepare<[string], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE session_id = ?',
      ),
    };
  }

  /** The session's summary, or `undefined` when the read model has no event of it. */
  session(sessionId: string): SessionSummary | undefined {
    const row = this.statements.one.get(sessionId);
    return row === undefined ? undefined : readOwnJson<SessionSummary>(row.summary);
  }

  /**
   * Sessions whose latest event is before `beforePosition` (all when absent), newest first; of
   * `tenant` only when given (its session keys, `tenantCondition`), else of every tenant.
   */
  page(options: { beforePosition?: number; limit: number; tenant?: string }): SessionListPage {
    const condition = tenantCondition('session_id', options.tenant);
    let statement = this.pages.get(condition.sql);
    if (statement === undefined) {
      statement = this.db.prepare(
        `SELECT summary FROM rm_sessions WHERE position < @before AND ${condition.sql}
         ORDER BY position DESC LIMIT @limit`,
      );
      this.pages.set(condition.sql, statement);
    }
    const rows = statement.all({
      before: options.beforePosition ?? Number.MAX_SAFE_INTEGER,
      limit: options.limit + 1,
      ...condition.params,
    });
    const sessions = rows
      .slice(0, options.limit)
      .map((row) => readOwnJson<SessionSummary>(row.summary));
    const last = sessions.at(-1);
    return rows.length > options.limit && last !== undefined
      ? { sessions, nextPosition: last.position }
      : { sessions };
  }
}
