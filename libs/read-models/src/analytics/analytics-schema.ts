/**
 * Tables of the analytics handler: the facts of every recorded message (`analyticsFactsOf`, a
 * pruned flag a pruning mark sets) and of every model call (`modelCallFactsOf`), so that a
 * session's figures are `summarizeAnalytics` of its rows and cross-session figures
 * `groupAnalytics` of the rows in the time range.
 */
export const ANALYTICS_TABLES = ['rm_analytics_messages', 'rm_analytics_calls'] as const;

export const ANALYTICS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_analytics_messages (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  recorded_id TEXT NOT NULL,
  digest TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  pruned INTEGER NOT NULL,
  facts TEXT NOT NULL,
  PRIMARY KEY (session_id, message_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_analytics_calls (
  session_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  call_id TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  facts TEXT NOT NULL,
  PRIMARY KEY (session_id, ordinal)
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_analytics_calls_by_id ON rm_analytics_calls (session_id, call_id);
`;
