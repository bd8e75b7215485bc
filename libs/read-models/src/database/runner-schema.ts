/**
 * Tables the projection runner owns: one checkpoint per handler (written in the same transaction
 * as that handler's rows), and the events a handler could not process.
 */
export const RUNNER_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_checkpoints (
  handler TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  position INTEGER
);
CREATE TABLE IF NOT EXISTS rm_failed_events (
  handler TEXT NOT NULL,
  position INTEGER NOT NULL,
  stream_name TEXT NOT NULL,
  session_id TEXT,
  revision INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  error TEXT NOT NULL,
  failed_at TEXT NOT NULL,
  PRIMARY KEY (handler, position)
);
CREATE INDEX IF NOT EXISTS rm_failed_events_by_session ON rm_failed_events (session_id, position);
`;
