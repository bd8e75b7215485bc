import { keyRangeOfTenant } from '@agent-ledger/events';
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
      pageInRange: db.prepare<[number, string, string, number], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE position < ? AND session_id >= ? AND session_id < ? ORDER BY position DESC LIMIT ?',
      ),
      pageUnprefixed: db.prepare<[number, string, number], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE position < ? AND instr(session_id, ?) = 0 ORDER BY position DESC LIMIT ?',
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
   * `tenant` only when given (its session keys, `keyRangeOfTenant`), else of every tenant.
   */
  page(options: { beforePosition?: number; limit: number; tenant?: string }): SessionListPage {
    const before = options.beforePosition ?? Number.MAX_SAFE_INTEGER;
    const range = options.tenant === undefined ? undefined : keyRangeOfTenant(options.tenant);
    const rows =
      range === undefined
        ? this.statements.page.all(before, options.limit + 1)
        : range.kind === 'range'
          ? this.statements.pageInRange.all(before, range.from, range.to, options.limit + 1)
          : this.statements.pageUnprefixed.all(before, range.separator, options.limit + 1);
    const sessions = rows
      .slice(0, options.limit)
      .map((row) => readOwnJson<SessionSummary>(row.summary));
    const last = sessions.at(-1);
    return rows.length > options.limit && last !== undefined
      ? { sessions, nextPosition: last.position }
      : { sessions };
  }
}
