/**
 * Tables of the recorded-messages handler, which keeps the search and analytics views.
 * `rm_search_messages` holds one row per recorded message, its rowid being its place in the
 * session (rows only grow), with the facts the filters, the visibility and analytics read
 * (`tools`: the tool names, `NULL` when none; `facts`: `messageKindFacts`, `NULL` when none;
 * `recorded_id`: the id it was recorded under when it is kept under another, `<id>#2`, else
 * `NULL`; `created_at`: the message's `createdAt` as recorded, `NULL` when it is the ISO-8601
 * form of `created_ms`, which `createdAtSql` then gives: most are), and whether it is pruned (indexed by id, and its eligible compact summaries by boundary:
 * a boundary finds its summary without reading the session). The message itself is not stored
 * here: it is stored once, in the session views' `rm_messages` row its event wrote (same session
 * and revision, not a copy normalization made; `recorded` when normalization changed it, else
 * `message`), where the snippets, the tags and a retried append's comparison read it
 * (`recordedMessageSql`);
 * the two FTS5 indexes are contentless (`content = ''`: they hold the terms, not the text) with
 * `contentless_delete` and FTS5's `secure-delete` on, so that an erased row's entries are taken
 * out by its rowid alone and leave nothing behind in their segments; three columns: `terms` and
 * `parts` (`searchTokens`), `facets` (tokens for the filters: kind, role, tools, agent, session);
 * `rm_search_redacted_index` is the index of the text (and tool and agent names) as the view
 * redaction leaves it, which searches without `audit` match: a redacted secret is in no column of
 * it, so no query can tell it apart (`searchIndexEntries`). It holds every row; `rm_search_index`,
 * of the text as recorded, only the rows the redaction changed (`redacted = 1`): the others'
 * entries would be the same in both, so a search of the recorded text reads them from the
 * redacted index;
 * `rm_search_sessions` keeps each session's latest compact boundary, `rm_search_tool_names` the
 * tool names of calls, for results recorded without one; `rm_analytics_calls` the facts of every
 * model call.
 */
export const SEARCH_TABLES = [
  'rm_search_index',
  'rm_search_redacted_index',
  'rm_search_messages',
  'rm_search_sessions',
  'rm_search_tool_names',
  'rm_analytics_calls',
] as const;

/** Tables of the separate search and analytics handlers this one replaced (dropped with it). */
export const RETIRED_SEARCH_TABLES = ['rm_analytics_messages'] as const;

/** Names of the handlers this one replaced: their checkpoints and failed events go with them. */
export const RETIRED_SEARCH_HANDLERS = ['search', 'analytics'] as const;

export const SEARCH_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_search_messages (
  rowid INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  recorded_id TEXT,
  revision INTEGER NOT NULL,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at TEXT,
  created_ms INTEGER,
  agent TEXT,
  tools TEXT,
  eligible INTEGER NOT NULL,
  pruned INTEGER NOT NULL,
  summary_for TEXT,
  facts TEXT,
  redacted INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_search_messages_by_id ON rm_search_messages (session_id, message_id);
CREATE INDEX IF NOT EXISTS rm_search_summaries ON rm_search_messages (session_id, summary_for)
  WHERE kind = 'compact_summary' AND eligible = 1;
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
CREATE VIRTUAL TABLE IF NOT EXISTS rm_search_index USING fts5(
  terms, parts, facets, content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 0 tokenchars '_'"
);
CREATE VIRTUAL TABLE IF NOT EXISTS rm_search_redacted_index USING fts5(
  terms, parts, facets, content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 0 tokenchars '_'"
);
`;

/** The two full-text indexes: of the text as recorded, and as the view redaction leaves it. */
export const SEARCH_INDEXES = {
  recorded: 'rm_search_index',
  redacted: 'rm_search_redacted_index',
} as const;

/** Which text a search matches: as recorded (`raw`, `audit` only) or as the views redact it. */
export type SearchIndexName = keyof typeof SEARCH_INDEXES;

/**
 * The settings of an index (set once, when it is created): its BM25 weights (whole words and
 * phrases count fully, pieces of words half, filters not at all), and FTS5's `secure-delete`, so
 * that deleting a row removes its terms from the index's segments at once instead of leaving them
 * behind a delete marker until a merge (an erasure must leave no term of the erased text).
 */
export function searchIndexSettingsSql(table: string): string {
  return [
    `INSERT INTO ${table} (${table}, rank) VALUES ('rank', 'bm25(1.0, 0.5, 0.0)');`,
    `INSERT INTO ${table} (${table}, rank) VALUES ('secure-delete', 1);`,
  ].join('\n');
}

/** SQL of the ISO-8601 time (`2026-04-08T09:00:00.000Z`) of `ms`, milliseconds since the epoch. */
function isoTimeSql(ms: string): string {
  return `strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
}

/**
 * SQL of the value stored in `rm_search_messages.created_at`, from three parameters (the
 * message's `createdAt`, its time in milliseconds, its `createdAt` again): `NULL` when
 * `createdAtSql` gives it back from `created_ms` (the same SQLite expression, so that it is the
 * same string by construction), else the text as recorded.
 */
export const STORED_CREATED_AT_SQL = `CASE WHEN ? = ${isoTimeSql('?')} THEN NULL ELSE ? END`;

/**
 * SQL of a search row's `createdAt` as recorded (`alias`: the row's table alias, if any): its
 * `created_at`, or, when that is `NULL` (`STORED_CREATED_AT_SQL`), the ISO-8601 time of
 * `created_ms`. Named `created_at`.
 */
export function createdAtSql(alias?: string): string {
  const column = (name: string) => (alias === undefined ? name : `${alias}.${name}`);
  return `COALESCE(${column('created_at')}, ${isoTimeSql(column('created_ms'))}) AS created_at`;
}

/**
 * SQL of the message a search row holds, as its event recorded it (JSON), read from the session
 * views' row of the same event: found by the id both placed it under (the common case, through
 * `rm_messages_by_id`); `alias` is the search row's table alias. `NULL` when the ids differ (a
 * message whose id a normalization copy had taken: `recordedMessageByRevisionSql` then finds it)
 * or when the session views have not reached the row yet.
 */
export function recordedMessageSql(alias: string): string {
  return `(SELECT rm_unpack(COALESCE(v.recorded, v.message)) FROM rm_messages v
    WHERE v.session_id = ${alias}.session_id AND v.id = ${alias}.message_id
      AND v.revision = ${alias}.revision AND v.copy_of IS NULL)`;
}

/**
 * The message an event recorded (JSON), by session and revision alone: the fallback of
 * `recordedMessageSql` (it reads the session's rows, so only for the rare row that one missed).
 */
export const RECORDED_MESSAGE_BY_REVISION_SQL = `SELECT rm_unpack(COALESCE(recorded, message)) AS message
  FROM rm_messages WHERE session_id = ? AND revision = ? AND copy_of IS NULL`;
