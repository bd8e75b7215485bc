/**
 * Tables of the session-views handler. One row of `rm_messages` per normalized runtime message of
 * a session, in order (`seq`), carries all three read models: the message with all its metadata
 * (debug), whether the transcript shows it (its transcript entry is `projectToTranscript` of the
 * message, rendered per row when read), and its export (left out, the message as is, or its
 * redacted copy when the redaction policy changed a string). `changed_revision` is the revision
 * of the event that last wrote the row, for live feeds; `checksum` covers every other column
 * (`row-checksum.ts`), checked whenever the row is read. The `rm_tool_*` and `rm_approvals`
 * tables are the `PairingState` of normalization's pairing step (`pairMessage` of the events
 * lib), so that each event is normalized incrementally by the same rules as a replay;
 * `rm_repairs` lists what normalization repaired. `rm_rewinds` holds each `SessionRewound`'s range:
 * a row whose revision is after `to_revision` and before `before_revision` (the rewind's own) is
 * shown `rewound` (for rewinds the write side accepts, exactly the rows off the current line).
 */
export const SESSION_VIEWS_TABLES = [
  'rm_messages',
  'rm_tool_calls',
  'rm_tool_names',
  'rm_approvals',
  'rm_tool_approvals',
  'rm_hidden_tool_parts',
  'rm_early_tool_results',
  'rm_repairs',
  'rm_rewinds',
] as const;

/** Tables earlier versions of the handler created: dropped with the others, never created. */
export const RETIRED_SESSION_VIEWS_TABLES = ['rm_denials'] as const;

/** `rm_messages.export_state`. */
export const EXPORT_LEFT_OUT = 0;
export const EXPORT_AS_IS = 1;
export const EXPORT_REDACTED = 2;

export const SESSION_VIEWS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS rm_rewinds (
  session_id TEXT NOT NULL,
  to_revision INTEGER NOT NULL,
  before_revision INTEGER NOT NULL,
  PRIMARY KEY (session_id, before_revision)
);
CREATE TABLE IF NOT EXISTS rm_messages (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  recorded_id TEXT,
  recorded TEXT,
  copy_of TEXT,
  revision INTEGER NOT NULL,
  changed_revision INTEGER NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  in_transcript INTEGER NOT NULL,
  export_state INTEGER NOT NULL,
  export_redactions INTEGER NOT NULL,
  export_entry TEXT,
  checksum INTEGER NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_messages_by_id ON rm_messages (session_id, id);
CREATE INDEX IF NOT EXISTS rm_messages_copies ON rm_messages (session_id, copy_of)
  WHERE copy_of IS NOT NULL;
CREATE INDEX IF NOT EXISTS rm_messages_changed ON rm_messages (session_id, changed_revision)
  WHERE changed_revision > revision;
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
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rm_tool_calls_open ON rm_tool_calls (session_id, holder_seq, part_index)
  WHERE open = 1;
CREATE TABLE IF NOT EXISTS rm_tool_names (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  tool_name TEXT NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_approvals (
  session_id TEXT NOT NULL,
  approval_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  PRIMARY KEY (session_id, approval_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_tool_approvals (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  status INTEGER NOT NULL,
  reason TEXT,
  PRIMARY KEY (session_id, tool_call_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_hidden_tool_parts (
  session_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  PRIMARY KEY (session_id, kind, tool_call_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_early_tool_results (
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  part TEXT NOT NULL,
  PRIMARY KEY (session_id, tool_call_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rm_repairs (
  session_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  repair TEXT NOT NULL,
  PRIMARY KEY (session_id, ordinal)
) WITHOUT ROWID;
`;
