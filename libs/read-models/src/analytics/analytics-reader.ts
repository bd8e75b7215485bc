import {
  groupAnalytics,
  summarizeAnalytics,
  type AnalyticsGroup,
  type AnalyticsGroupBy,
  type MessageAnalyticsFacts,
  type ModelCallFacts,
  type SessionAnalytics,
  type SessionAnalyticsFacts,
} from '@agent-ledger/projections';
import { tenantCondition } from '../database/tenant-condition';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { createdAtSql } from '../search/search-schema';
import { readAnalyticsTimeline } from './analytics-timeline-handler';

interface MessageRow {
  session_id: string;
  message_id: string;
  kind: MessageAnalyticsFacts['kind'];
  created_at: string;
  agent: string | null;
  pruned: number;
  facts: string | null;
}

/** The columns of a recorded message's row that its facts are made of. */
const FACT_COLUMNS = `session_id, message_id, kind, ${createdAtSql()}, agent, pruned, facts`;

/** Reads the analytics view: one session's figures, or figures across sessions by group. */
export class AnalyticsReader {
  constructor(private readonly db: ReadModelDatabase) {}

  /** `undefined` when the view has no row of the session. */
  session(sessionId: string): SessionAnalytics | undefined {
    const messages = this.db
      .prepare<[string], MessageRow>(
        `SELECT ${FACT_COLUMNS} FROM rm_search_messages WHERE session_id = ? ORDER BY rowid`,
      )
      .all(sessionId)
      .map(messageAnalyticsFactsOfRow);
    const calls = this.db
      .prepare<[string], { facts: string }>(
        'SELECT facts FROM rm_analytics_calls WHERE session_id = ? ORDER BY ordinal',
      )
      .all(sessionId)
      .map((row) => readOwnJson<ModelCallFacts>(row.facts));
    if (messages.length === 0 && calls.length === 0) return undefined;
    return summarizeAnalytics(
      sessionId,
      messages,
      calls,
      readAnalyticsTimeline(this.db, sessionId),
    );
  }

  /**
   * Figures across sessions by `groupBy`, over `[from, to)`. Reads the rows of the range (a
   * tool result's name may come from a call before `from`: the calls of those sessions are read
   * whole), then groups them with `groupAnalytics`.
   */
  groups(
    groupBy: AnalyticsGroupBy,
    range: { from?: string; to?: string; tenant?: string } = {},
  ): AnalyticsGroup[] {
    const { tenant, ...period } = range;
    // Only the tenant's session keys, when one is given (`tenantCondition`).
    const scope = tenantCondition('session_id', tenant);
    const sessions = new Map<
      string,
      { messages: MessageAnalyticsFacts[]; calls: ModelCallFacts[] }
    >();
    const of = (sessionId: string) => {
      let entry = sessions.get(sessionId);
      if (entry === undefined) sessions.set(sessionId, (entry = { messages: [], calls: [] }));
      return entry;
    };
    const messageRows = this.db
      .prepare<Record<string, string>, MessageRow>(
        `SELECT ${FACT_COLUMNS} FROM rm_search_messages WHERE ${scope.sql} ORDER BY session_id, rowid`,
      )
      .all(scope.params);
    for (const row of messageRows)
      of(row.session_id).messages.push(messageAnalyticsFactsOfRow(row));
    const callRows = this.db
      .prepare<Record<string, string>, { session_id: string; facts: string }>(
        `SELECT session_id, facts FROM rm_analytics_calls WHERE ${scope.sql} ORDER BY session_id, ordinal`,
      )
      .all(scope.params);
    for (const row of callRows)
      of(row.session_id).calls.push(readOwnJson<ModelCallFacts>(row.facts));
    const facts: SessionAnalyticsFacts[] = [...sessions].map(([sessionId, entry]) => ({
      sessionId,
      ...entry,
    }));
    return groupAnalytics(facts, groupBy, period);
  }
}

/**
 * `analyticsFactsOf` of the recorded message, from its row (its `messageKindFacts` are in
 * `facts`).
 */
function messageAnalyticsFactsOfRow(row: Omit<MessageRow, 'session_id'>): MessageAnalyticsFacts {
  return {
    messageId: row.message_id,
    kind: row.kind,
    createdAt: row.created_at,
    ...(row.agent === null ? {} : { agentName: row.agent }),
    ...(row.facts === null ? {} : readOwnJson<Partial<MessageAnalyticsFacts>>(row.facts)),
    ...(row.pruned === 1 ? { pruned: true } : {}),
  };
}
