/**
 * Tables of the session-views handler. `rm_messages` holds each session's normalized runtime
 * messages in order (`seq`): the base of the debug view. `rm_transcript` and `rm_export` hold one
 * row per message with the projected row as JSON (`NULL` when the view leaves the message out).
 * The `rm_tool_*`, `rm_approvals` and `rm_denials` tables are normalization's pairing state, so
 * that each event is normalized incrementally; `rm_repairs` lists what normalization repaired.
 */
export const SESSION_VIEWS_TABLES = [
  'rm_messages',
  'rm_transcript',
  'rm_export',
  'rm_tool_calls',
  'rm_tool_names',
  'rm_approvals',
  'rm_denials',
  'rm_repairs',
] as const;

export const SESSION_VIEWS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_messages (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  recorded_id TEXT,
  fingerprint TEXT,
  copy_of TEXT,
  revision INTEGER NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_messages_by_id ON rm_messages (session_id, id);
CREATE INDEX IF NOT EXISTS rm_messages_by_recorded_id ON rm_messages (session_id, recorded_id);
CREATE INDEX IF NOT EXISTS rm_messages_by_copy_of ON rm_messages (session_id, copy_of);
CREATE TABLE IF NOT EXISTS rm_transcript (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  entry TEXT,
  PRIMARY KEY (session_id, seq)
);
CREATE INDEX IF NOT EXISTS rm_transcript_by_id ON rm_transcript (session_id, id);
CREATE INDEX IF NOT EXISTS rm_transcript_by_revision ON rm_transcript (session_id, revision);
CREATE TABLE IF NOT EXISTS rm_export (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  entry TEXT,
  redactions INTEGER NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS rm_tool_calls (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  holder_id TEXT NOT NULL,
  holder_seq INTEGER NOT NULL,
  holder_revision INTEGER NOT NULL,
  part_index INTEGER NOT NULL,
  tool_name TEXT NOT NULL,
  open INTEGER NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
);
CREATE INDEX IF NOT EXISTS rm_tool_calls_open ON rm_tool_calls (session_id, open, holder_seq, part_index);
CREATE TABLE IF NOT EXISTS rm_tool_names (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
);
CREATE TABLE IF NOT EXISTS rm_approvals (
  session_id TEXT NOT NULL,
  approval_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  PRIMARY KEY (session_id, approval_id)
);
CREATE TABLE IF NOT EXISTS rm_denials (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
);
CREATE TABLE IF NOT EXISTS rm_repairs (
  session_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  repair TEXT NOT NULL,
  PRIMARY KEY (session_id, ordinal)
);
`;
