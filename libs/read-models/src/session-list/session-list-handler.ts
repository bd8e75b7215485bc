import {
  kindOfEventType,
  type ErasedSessionFacts,
  type ErasureAction,
  type SessionLogEvent,
} from '@agent-ledger/events';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import type { ErasedSession, ProjectionHandler } from '../runner/projection-handler';
import { evolveSessionSummary, foldIntoSessionSummary } from './evolve-session-summary';
import type { SessionSummary } from './session-summary';

/**
 * Bumped when the summary changes shape: the runner then rebuilds the session list (2: model
 * calls and tokens; 3: the data subject, and sessions whose content was stripped).
 */
const SCHEMA_VERSION = 3;

/** The session list's table; `position` orders it newest first. */
export const SESSION_LIST_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_sessions (
  session_id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_sessions_by_position ON rm_sessions (position);
`;

interface Statements {
  select: { get(sessionId: string): { summary: string } | undefined };
  remove: { run(sessionId: string): unknown };
  upsert: { run(sessionId: string, position: number, summary: string): unknown };
}

/**
 * Maintains the session list (`rm_sessions`): one summary row per session. Within a batch the
 * summaries it touches are kept in memory and written once, at the end of the batch (a batch of
 * 2,000 events of one session is one write, not 2,000).
 */
export class SessionListHandler implements ProjectionHandler {
  readonly name = 'session-list';
  readonly version = String(SCHEMA_VERSION);
  private statements: Statements | undefined;
  private readonly pending = new Map<string, SessionSummary>();

  constructor(private readonly db: ReadModelDatabase) {}

  setUp(): void {
    this.db.exec(SESSION_LIST_SCHEMA_SQL);
    this.statements = {
      select: this.db.prepare<[string], { summary: string }>(
        'SELECT summary FROM rm_sessions WHERE session_id = ?',
      ),
      remove: this.db.prepare<[string]>('DELETE FROM rm_sessions WHERE session_id = ?'),
      upsert: this.db.prepare<[string, number, string]>(
        'INSERT OR REPLACE INTO rm_sessions (session_id, position, summary) VALUES (?, ?, ?)',
      ),
    };
  }

  drop(): void {
    this.db.exec('DROP TABLE IF EXISTS rm_sessions');
    this.statements = undefined;
    this.pending.clear();
  }

  apply(logged: SessionLogEvent): void {
    const pending = this.pending.get(logged.sessionId);
    // The batch's first event of a session copies its summary; the others fold into that copy.
    if (pending !== undefined) foldIntoSessionSummary(pending, logged);
    else
      this.pending.set(
        logged.sessionId,
        evolveSessionSummary(this.stored(logged.sessionId), logged),
      );
  }

  endBatch(): void {
    const statements = this.ready();
    for (const [sessionId, summary] of this.pending) {
      statements.upsert.run(sessionId, summary.position, JSON.stringify(summary));
    }
    this.pending.clear();
  }

  abortBatch(): void {
    this.pending.clear();
  }

  /**
   * An erasure: `erase` deletes the sessions' rows; `strip-content` keeps them, marked
   * `contentErased`, without their `subjectId` (a summary holds structure only: counts, kinds,
   * times, agents, tokens).
   */
  eraseSessions(sessions: readonly ErasedSession[], action: ErasureAction): void {
    const statements = this.ready();
    for (const { sessionKey, facts } of sessions) {
      this.pending.delete(sessionKey);
      const stored = this.stored(sessionKey);
      if (action === 'erase') {
        if (stored !== undefined) statements.remove.run(sessionKey);
        continue;
      }
      // A rebuild on the embedded store meets no event of the session (they were erased): the
      // summary is then made from the structure the erasure's journal entry kept. The data
      // subject goes with the content: a stripped session no longer names the person it was of.
      const { subjectId: _subjectId, ...structure } = stored ?? summaryFromFacts(sessionKey, facts);
      const summary: SessionSummary = { ...structure, contentErased: true };
      statements.upsert.run(sessionKey, summary.position, JSON.stringify(summary));
    }
  }

  private stored(sessionId: string): SessionSummary | undefined {
    const row = this.ready().select.get(sessionId);
    return row === undefined ? undefined : readOwnJson<SessionSummary>(row.summary);
  }

  private ready(): Statements {
    if (this.statements === undefined) this.setUp();
    if (this.statements === undefined) throw new Error('The session list tables are not set up.');
    return this.statements;
  }
}

/** A session's summary as far as an erasure's facts tell it (its events are no longer in the log). */
function summaryFromFacts(sessionKey: string, facts: ErasedSessionFacts): SessionSummary {
  const messageCounts: SessionSummary['messageCounts'] = {};
  let messageCount = 0;
  for (const [type, count] of Object.entries(facts.eventsByType)) {
    const kind = kindOfEventType(type);
    if (kind === undefined) continue;
    messageCounts[kind] = (messageCounts[kind] ?? 0) + count;
    messageCount += count;
  }
  const compactions = messageCounts.compact_boundary ?? 0;
  return {
    sessionId: sessionKey,
    agents: [],
    firstActivityAt: facts.firstRecordedAt ?? '',
    lastActivityAt: facts.lastRecordedAt ?? '',
    messageCounts,
    messageCount,
    compacted: compactions > 0,
    compactionCount: compactions,
    pruningCount: facts.eventsByType['ToolResultsPruned'] ?? 0,
    ended: (facts.eventsByType['SessionEnded'] ?? 0) > 0,
    revision: facts.lastRevision ?? facts.events - 1,
    position: 0,
  };
}
