/**
 * Tables of the search handler. `rm_search_messages` holds one row per recorded message (its
 * facts, its searchable text as `body`, whether it is pruned); `rm_search_index` is the FTS5
 * index over it, contentless (the text is in `body` once), with three columns: `terms` and
 * `parts` (`searchTokens`), `facets` (tokens for the filters: kind, role, tools, agent, session);
 * `rm_search_sessions` keeps each session's latest compact boundary, `rm_search_tool_names` the
 * tool names of calls, for results recorded without one.
 */
export const SEARCH_TABLES = [
  'rm_search_index',
  'rm_search_messages',
  'rm_search_sessions',
  'rm_search_tool_names',
] as const;

export const SEARCH_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_search_messages (
  rowid INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  recorded_id TEXT NOT NULL,
  digest TEXT NOT NULL,
  revision INTEGER NOT NULL,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_ms INTEGER,
  agent TEXT,
  tools TEXT NOT NULL,
  eligible INTEGER NOT NULL,
  pruned INTEGER NOT NULL,
  tags TEXT NOT NULL,
  summary_for TEXT,
  body TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_search_messages_by_id ON rm_search_messages (session_id, message_id);
CREATE TABLE IF NOT EXISTS rm_search_sessions (
  session_id TEXT PRIMARY KEY,
  boundary_id TEXT NOT NULL,
  boundary_seq INTEGER NOT NULL,
  summary_seq INTEGER
);
CREATE TABLE IF NOT EXISTS rm_search_tool_names (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
);
CREATE VIRTUAL TABLE IF NOT EXISTS rm_search_index USING fts5(
  terms, parts, facets, content = '', tokenize = "unicode61 remove_diacritics 0 tokenchars '_'"
);
`;

/** BM25 weights: whole words and phrases count fully, pieces of words half, filters not at all. */
export const SEARCH_RANK_SQL = `INSERT INTO rm_search_index (rm_search_index, rank) VALUES ('rank', 'bm25(1.0, 0.5, 0.0)')`;
