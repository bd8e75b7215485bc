import type { SessionLogEvent } from '@agent-ledger/events';
import type { AnalyticsTimelineEntry } from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import type { ErasedSession, ProjectionHandler } from '../runner/projection-handler';
import { analyticsTimelineEntryOf, timelineKeyOf } from './analytics-timeline-entry-of';

/** Bumped when the rows change: the runner then rebuilds the timeline. */
const SCHEMA_VERSION = 2;

/**
 * One row per model call, pruning mark, compact boundary and provider compaction of a session, by
 * revision: where
 * analytics place each context shrink among the calls. Ids and revisions only, no content.
 */
export const ANALYTICS_TIMELINE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_analytics_timeline (
  session_id TEXT NOT NULL,
  entry_key TEXT NOT NULL,
  revision INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (session_id, entry_key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rm_analytics_timeline_by_revision
  ON rm_analytics_timeline (session_id, revision);
`;

/**
 * Maintains `rm_analytics_timeline` (`analyticsTimelineEntryOf` of each event, the first of each
 * call and boundary id kept), which `AnalyticsReader` reads beside the message and call facts.
 */
export class AnalyticsTimelineHandler implements ProjectionHandler {
  readonly name = 'analytics-timeline';
  readonly version = String(SCHEMA_VERSION);
  private insert: { run(...values: unknown[]): unknown } | undefined;

  constructor(private readonly db: ReadModelDatabase) {}

  setUp(): void {
    this.db.exec(ANALYTICS_TIMELINE_SCHEMA_SQL);
    this.insert = this.db.prepare(
      'INSERT OR IGNORE INTO rm_analytics_timeline (session_id, entry_key, revision, entry) VALUES (?, ?, ?, ?)',
    );
  }

  drop(): void {
    this.db.exec('DROP TABLE IF EXISTS rm_analytics_timeline');
    this.insert = undefined;
  }

  apply(logged: SessionLogEvent): void {
    const entry = analyticsTimelineEntryOf(logged);
    if (entry === undefined) return;
    if (this.insert === undefined) this.setUp();
    this.insert?.run(logged.sessionId, timelineKeyOf(entry), entry.revision, JSON.stringify(entry));
  }

  /** An erasure takes every row of the sessions (ids and revisions: nothing is kept of them). */
  eraseSessions(sessions: readonly ErasedSession[]): void {
    for (const { sessionKey } of sessions) this.dropSession(sessionKey);
  }

  dropSession(sessionId: string): void {
    if (this.insert === undefined) this.setUp();
    this.db.prepare('DELETE FROM rm_analytics_timeline WHERE session_id = ?').run(sessionId);
  }
}

/** A session's timeline, in log order (none before the handler made its table). */
export function readAnalyticsTimeline(
  db: ReadModelDatabase,
  sessionId: string,
): AnalyticsTimelineEntry[] {
  const exists = db
    .prepare("SELECT 1 FROM sqlite_master WHERE name = 'rm_analytics_timeline'")
    .get();
  if (exists === undefined) return [];
  return db
    .prepare<[string], { entry: string }>(
      'SELECT entry FROM rm_analytics_timeline WHERE session_id = ? ORDER BY revision',
    )
    .all(sessionId)
    .map((row) => readOwnJson<AnalyticsTimelineEntry>(row.entry));
}
