import { readBlobTextHead } from '@agent-ledger/blobs';
import {
  handleSessionEvent,
  pruningMarkTargets,
  splitSessionKey,
  recordMessageOnce,
  type SessionEventHandlers,
  type SessionLogEvent,
} from '@agent-ledger/events';
import { replaceAtPath, type ContentBlobRef, type RuntimeMessage } from '@agent-ledger/messages';
import {
  blobTextsOf,
  MODEL_CALL_FACTS_VERSION,
  messageKindFacts,
  modelCallFactsOf,
  toolNamesOf,
} from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ErasedSession, ProjectionHandler } from '../runner/projection-handler';
import type { ExportPolicy } from '../session-views/export-policy';
import { viewRedaction, type ViewRedactionRule } from '../session-views/view-redaction';
import type { SearchBlobText } from './search-blob-text';
import { searchIndexEntries } from './search-index-entry';
import { SearchRowsSoFar } from './search-rows-so-far';
import {
  RETIRED_SEARCH_HANDLERS,
  RETIRED_SEARCH_TABLES,
  SEARCH_INDEXES,
  SEARCH_SCHEMA_SQL,
  SEARCH_TABLES,
  searchIndexSettingsSql,
  STORED_CREATED_AT_SQL,
} from './search-schema';

/**
 * Bump when the tables or the way rows are derived change: the search and analytics views are then
 * rebuilt (2: seq is the rowid; 3: no seq column, `NULL` for no tools and for an id kept as
 * recorded, the facts are `messageKindFacts`; 4: the index of the redacted text; 5: the message
 * read from `rm_messages` instead of a copy of its own, the indexes deleted from by rowid; 6:
 * `created_at` `NULL` when `created_ms` gives it back; 7: each piece of a word once per message in
 * the `parts` column).
 */
const SCHEMA_VERSION = 7;

interface Statements {
  versions: {
    all(names: { sessionId: string; id: string; revision: number }): Array<{ message: string }>;
  };
  hasId: { get(sessionId: string, messageId: string): unknown };
  insert: { run(...values: unknown[]): { changes: number; lastInsertRowid: number | bigint } };
  index: { run(rowid: number | bigint, terms: string, parts: string, facets: string): unknown };
  redactedIndex: {
    run(rowid: number | bigint, terms: string, parts: string, facets: string): unknown;
  };
  target: {
    get(sessionId: string, messageId: string): { kind: string; pruned: number } | undefined;
  };
  prune: { run(sessionId: string, messageId: string): unknown };
  setBoundary: {
    run(sessionId: string, id: string, seq: number, summarySeq: number | null): unknown;
  };
  boundary: { get(sessionId: string): { boundary_id: string } | undefined };
  setSummary: { run(summarySeq: number, sessionId: string): unknown };
  latestSummary: { get(sessionId: string, boundaryId: string): { seq: number | null } };
  setToolName: { run(sessionId: string, toolCallId: string, toolName: string): unknown };
  toolName: { get(sessionId: string, toolCallId: string): { tool_name: string } | undefined };
  lastCall: { get(sessionId: string): { ordinal: number | null } };
  insertCall: { run(...values: unknown[]): unknown };
}

/**
 * Maintains the search and analytics views, which both read what was recorded: one row per
 * recorded message, the message stored once as its event recorded it. A retried copy is dropped
 * and a message whose id is taken kept under the first free `<id>#n` by the events lib's
 * `recordMessageOnce` (against the rows so far, read only when the id is taken); a pruning mark
 * flags the results it prunes (`pruningMarkTargets`' rule, first mark wins). Each row is indexed
 * with `searchTokens` of its `searchTextOf`, once as recorded and once as the view redaction
 * leaves it (`searchIndexEntries`: the redacted index is what a caller without `audit` matches),
 * carries the facts analytics reads beyond its
 * own columns, and the session's latest boundary and summary are kept so that a hit says, when
 * read, whether the model sees it now (`searchVisibility`). Model calls are kept once per `callId`.
 */
export class RecordedMessagesHandler implements ProjectionHandler {
  readonly name = 'recorded-messages';
  readonly version: string;
  private readonly redaction: ViewRedactionRule;
  private statements: Statements | undefined;
  /** The text of the batch's blob outputs, by hash, read before its transaction (`prepareBatch`). */
  private blobTexts = new Map<string, string>();

  /**
   * `exportPolicy`: the server's, whose view redaction (`viewRedaction`) the redacted index is
   * made with; it is part of the version, so a new policy rebuilds the index. `blobText`: where
   * the text of blob outputs is read, up to its cap (part of the version too); without it a blob
   * output is indexed by its preview.
   */
  constructor(
    private readonly db: ReadModelDatabase,
    exportPolicy: ExportPolicy = {},
    private readonly blobText?: SearchBlobText,
  ) {
    this.redaction = viewRedaction(exportPolicy);
    // The model calls' facts are stored as `modelCallFactsOf` gives them: a new shape rebuilds.
    this.version = `${SCHEMA_VERSION}.${MODEL_CALL_FACTS_VERSION}:${this.redaction.key}${
      blobText === undefined ? '' : `:blob-text-${blobText.maxBytes}`
    }`;
  }

  /**
   * Reads the head of each text blob output of the batch (up to `blobText.maxBytes`, one range
   * read per blob) for `apply` to index. A blob that cannot be read (the store unavailable, the
   * blob erased since) is indexed by its preview, and `onUnreadable` told.
   */
  async prepareBatch(events: readonly SessionLogEvent[]): Promise<void> {
    this.blobTexts = new Map();
    const source = this.blobText;
    if (source === undefined) return;
    for (const { event, sessionId } of events) {
      if (!('kind' in event.data)) continue;
      for (const blob of textBlobsOf(event.data)) {
        if (this.blobTexts.has(blob.sha256)) continue;
        try {
          const tenant = splitSessionKey(sessionId).tenant;
          this.blobTexts.set(
            blob.sha256,
            await readBlobTextHead(source.blobs, tenant, blob, source.maxBytes),
          );
        } catch (error) {
          source.onUnreadable?.(blob.sha256, error);
        }
      }
    }
  }

  /**
   * The message as search indexes it: each blob output's preview replaced by its text read, and
   * each text part's and tool-input value's preview by the text read of its blob.
   */
  private withBlobTexts(message: RuntimeMessage): RuntimeMessage {
    if (this.blobTexts.size === 0) return message;
    const longer = (blob: ContentBlobRef): string | undefined => {
      const text = this.blobTexts.get(blob.sha256);
      return text === undefined || text.length <= blob.preview.length ? undefined : text;
    };
    switch (message.kind) {
      case 'system_note':
      case 'runtime_reminder':
      case 'compact_boundary':
      case 'compact_summary':
      case 'handoff_summary':
      case 'agent_switch_note':
      case 'tool_approval_request':
      case 'tool_approval_response':
        return message;
      case 'tool_result': {
        let changed = false;
        const content = message.content.map((part) => {
          if (part.output.type !== 'blob') return part;
          const text = longer(part.output.blob);
          if (text === undefined) return part;
          changed = true;
          return {
            ...part,
            output: { ...part.output, blob: { ...part.output.blob, preview: text } },
          };
        });
        return changed ? { ...message, content } : message;
      }
      case 'user_input':
        return typeof message.content === 'string'
          ? message
          : { ...message, content: withTextsRead(message.content, longer) };
      case 'assistant_text':
        return typeof message.content === 'string'
          ? message
          : { ...message, content: withTextsRead(message.content, longer) };
      case 'assistant_reasoning':
        return typeof message.content === 'string'
          ? message
          : { ...message, content: withTextsRead(message.content, longer) };
      case 'tool_call': {
        const content = message.content.map((part) => {
          let input = part.input;
          for (const { path, blob } of part.inputBlobs ?? []) {
            const text = longer(blob);
            if (text !== undefined) input = replaceAtPath(input, path, text);
          }
          return input === part.input ? part : { ...part, input };
        });
        return { ...message, content };
      }
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  setUp(): void {
    const exists = this.db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?');
    const created = Object.values(SEARCH_INDEXES).filter((table) => !exists.get(table));
    this.db.exec(SEARCH_SCHEMA_SQL);
    for (const table of created) this.db.exec(searchIndexSettingsSql(table));
    const db = this.db;
    this.statements = {
      // The messages recorded under an id before this event (kept as it or as `<id>#n`), as
      // their events recorded them: read from the session views' rows, which hold each message
      // once. The runner applies a batch to the session views first, so they are there; later
      // events of the batch are left out by their revision.
      versions: db.prepare(
        `SELECT rm_unpack(COALESCE(recorded, message)) AS message FROM rm_messages
         WHERE session_id = @sessionId AND copy_of IS NULL AND recorded_id = @id
           AND revision < @revision AND (id = @id OR id > @id || '#' AND id < @id || '$')
         ORDER BY seq`,
      ),
      hasId: db.prepare('SELECT 1 FROM rm_search_messages WHERE session_id = ? AND message_id = ?'),
      // The rowid is SQLite's, one more than the largest: rows only grow, so it is the message's
      // place in its session, found without the seek that an explicit rowid costs.
      insert: db.prepare(
        `INSERT OR IGNORE INTO rm_search_messages (session_id, message_id, recorded_id,
          revision, position, kind, role, created_at, created_ms, agent, tools, eligible, pruned,
          summary_for, facts, redacted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ${STORED_CREATED_AT_SQL}, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      index: db.prepare(
        'INSERT INTO rm_search_index (rowid, terms, parts, facets) VALUES (?, ?, ?, ?)',
      ),
      redactedIndex: db.prepare(
        'INSERT INTO rm_search_redacted_index (rowid, terms, parts, facets) VALUES (?, ?, ?, ?)',
      ),
      target: db.prepare(
        'SELECT kind, pruned FROM rm_search_messages WHERE session_id = ? AND message_id = ?',
      ),
      prune: db.prepare(
        'UPDATE rm_search_messages SET pruned = 1 WHERE session_id = ? AND message_id = ?',
      ),
      setBoundary: db.prepare(
        'INSERT OR REPLACE INTO rm_search_sessions (session_id, boundary_id, boundary_seq, summary_seq) VALUES (?, ?, ?, ?)',
      ),
      boundary: db.prepare('SELECT boundary_id FROM rm_search_sessions WHERE session_id = ?'),
      setSummary: db.prepare('UPDATE rm_search_sessions SET summary_seq = ? WHERE session_id = ?'),
      latestSummary: db.prepare(
        `SELECT MAX(rowid) AS seq FROM rm_search_messages
         WHERE session_id = ? AND kind = 'compact_summary' AND summary_for = ? AND eligible = 1`,
      ),
      setToolName: db.prepare(
        'INSERT OR IGNORE INTO rm_search_tool_names (session_id, tool_call_id, tool_name) VALUES (?, ?, ?)',
      ),
      toolName: db.prepare(
        'SELECT tool_name FROM rm_search_tool_names WHERE session_id = ? AND tool_call_id = ?',
      ),
      lastCall: db.prepare(
        'SELECT MAX(ordinal) AS ordinal FROM rm_analytics_calls WHERE session_id = ?',
      ),
      insertCall: db.prepare(
        'INSERT OR IGNORE INTO rm_analytics_calls (session_id, ordinal, call_id, recorded_at, facts) VALUES (?, ?, ?, ?, ?)',
      ),
    } as unknown as Statements;
  }

  drop(): void {
    for (const table of [...SEARCH_TABLES, ...RETIRED_SEARCH_TABLES]) {
      this.db.exec(`DROP TABLE IF EXISTS ${table}`);
    }
    // The two handlers this one replaced: their checkpoints would otherwise hold the position back.
    const retired = RETIRED_SEARCH_HANDLERS.map((name) => `'${name}'`).join(', ');
    this.db.exec(`DELETE FROM rm_checkpoints WHERE handler IN (${retired})`);
    this.db.exec(`DELETE FROM rm_failed_events WHERE handler IN (${retired})`);
    this.statements = undefined;
  }

  apply(logged: SessionLogEvent): void {
    this.applyTo(this.ready(), logged);
  }

  /**
   * An erasure: the sessions' rows go from every table, and their terms from both full-text
   * indexes, deleted by rowid (`contentless_delete`) with FTS5's `secure-delete` on, which takes
   * each term out of the segments it is in; `optimize` then merges each index into one segment,
   * so no page of an older segment keeps them either (the freed pages are zeroed:
   * `secure_delete`).
   */
  eraseSessions(sessions: readonly ErasedSession[]): void {
    this.ready();
    for (const { sessionKey } of sessions) this.removeSession(sessionKey);
    for (const table of Object.values(SEARCH_INDEXES)) {
      this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
    }
  }

  /**
   * A session whose session views were found damaged is rebuilt from its events
   * (`ProjectionRunner.repairSession`), and its search rows with them: they were made reading the
   * messages of those views (a retried message's comparison), which may have been the damaged ones.
   */
  dropSession(sessionId: string): void {
    this.ready();
    this.removeSession(sessionId);
  }

  /** Deletes a session's rows from every table, and their entries from both indexes. */
  private removeSession(sessionKey: string): void {
    for (const table of Object.values(SEARCH_INDEXES)) {
      this.db
        .prepare(
          `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM rm_search_messages WHERE session_id = ?)`,
        )
        .run(sessionKey);
    }
    for (const table of SEARCH_TABLES) {
      if (table === SEARCH_INDEXES.recorded || table === SEARCH_INDEXES.redacted) continue;
      this.db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run(sessionKey);
    }
  }

  private applyTo(statements: Statements, logged: SessionLogEvent): void {
    handleSessionEvent(this.handlers, logged.event, statements, logged);
  }

  /** What each kind of event writes; built once per handler, as it runs for every event. */
  private readonly handlers: SessionEventHandlers<
    [statements: Statements, logged: SessionLogEvent],
    void
  > = {
    SessionStarted: () => undefined,
    SessionEnded: () => undefined,
    // Search and analytics keep what was recorded: a rewound message stays findable (and counted).
    SessionRewound: () => undefined,
    ClaudeCodeEntriesRecorded: () => undefined,
    ContextOverflowRecovered: () => undefined,
    ProviderCompactionRecorded: () => undefined,
    ProviderContextEdited: () => undefined,
    ModelCallRecorded: (event, statements, { sessionId }) => {
      const ordinal = (statements.lastCall.get(sessionId).ordinal ?? -1) + 1;
      const facts = modelCallFactsOf(event.data);
      statements.insertCall.run(
        sessionId,
        ordinal,
        facts.callId,
        facts.recordedAt,
        JSON.stringify(facts),
      );
    },
    ToolResultsPruned: ({ data }, statements, logged) => {
      const { sessionId } = logged;
      const rows = new SearchRowsSoFar(statements, sessionId, logged.revision);
      for (const { id } of pruningMarkTargets(data.messageIds, rows).targets) {
        statements.prune.run(sessionId, id);
      }
    },
    MessageRecorded: (event, statements, logged) => this.record(statements, logged, event.data),
  };

  private record(statements: Statements, logged: SessionLogEvent, message: RuntimeMessage): void {
    const { sessionId } = logged;
    const toolNames = toolNamesOf(message);
    if (message.kind === 'tool_result') {
      for (const part of message.content) {
        const name =
          part.toolName ?? statements.toolName.get(sessionId, part.toolCallId)?.tool_name;
        if (name !== undefined && !toolNames.includes(name)) toolNames.push(name);
      }
    }
    const agent = message.metadata?.effectiveAgentName ?? message.metadata?.agentName ?? null;
    const { recorded, redacted } = searchIndexEntries(
      this.withBlobTexts(message),
      sessionId,
      toolNames,
      agent,
      this.redaction.redact,
    );
    const changed = redacted !== recorded;
    // A new id (the common case) is placed by the insert itself: no look-up before it. A taken
    // id is placed by the events lib's rule (`recordMessageOnce`), against the rows so far.
    let placed = message;
    let seq = this.insert(statements, logged, message, message, toolNames, agent, changed);
    if (seq === undefined) {
      const once = recordMessageOnce(
        message,
        new SearchRowsSoFar(statements, sessionId, logged.revision),
      );
      if (once.placed === undefined) return;
      placed = once.placed;
      seq = this.insert(statements, logged, message, placed, toolNames, agent, changed);
      if (seq === undefined) throw new Error(`Message "${placed.id}" could not be indexed.`);
    }
    const id = placed.id;
    if (message.kind === 'tool_call') {
      for (const part of message.content) {
        statements.setToolName.run(sessionId, part.toolCallId, part.toolName);
      }
    }
    // The recorded index holds only what the redaction changed (`search-schema.ts`).
    if (changed) {
      statements.index.run(seq, recorded.terms, recorded.parts, recorded.facets);
    }
    statements.redactedIndex.run(seq, redacted.terms, redacted.parts, redacted.facets);
    if (message.kind === 'compact_boundary') {
      statements.setBoundary.run(
        sessionId,
        id,
        seq,
        statements.latestSummary.get(sessionId, id).seq,
      );
    } else if (
      message.kind === 'compact_summary' &&
      message.metadata?.eligibleForModelContext !== false &&
      message.metadata?.summaryForBoundaryId !== undefined &&
      statements.boundary.get(sessionId)?.boundary_id === message.metadata.summaryForBoundaryId
    ) {
      statements.setSummary.run(seq, sessionId);
    }
  }

  /**
   * Inserts the row of `message` (as recorded) under `placed`'s id (`redacted`: whether its entry
   * in the redacted index differs from the recorded one); its rowid (the message's
   * `seq`), or `undefined` when that id is taken in the session (the row is then not written).
   */
  private insert(
    statements: Statements,
    logged: SessionLogEvent,
    message: RuntimeMessage,
    placed: RuntimeMessage,
    toolNames: readonly string[],
    agent: string | null,
    redacted: boolean,
  ): number | undefined {
    const metadata = message.metadata;
    const createdMs = Date.parse(message.createdAt);
    const kindFacts = messageKindFacts(placed);
    const result = statements.insert.run(
      logged.sessionId,
      placed.id,
      placed.id === message.id ? null : message.id,
      logged.revision,
      logged.position,
      message.kind,
      message.role,
      // `created_at`: `NULL` when `created_ms` gives it back (`STORED_CREATED_AT_SQL`).
      message.createdAt,
      Number.isNaN(createdMs) ? null : createdMs,
      message.createdAt,
      Number.isNaN(createdMs) ? null : createdMs,
      agent,
      toolNames.length === 0 ? null : JSON.stringify(toolNames),
      metadata?.eligibleForModelContext === false ? 0 : 1,
      metadata?.compactedAt === undefined ? 0 : 1,
      metadata?.summaryForBoundaryId ?? null,
      kindFacts === undefined ? null : JSON.stringify(kindFacts),
      redacted ? 1 : 0,
    );
    return result.changes === 1 ? Number(result.lastInsertRowid) : undefined;
  }

  private ready(): Statements {
    if (this.statements === undefined) this.setUp();
    if (this.statements === undefined) throw new Error('The search tables are not set up.');
    return this.statements;
  }
}

/** The text blobs a recorded message refers to: its blob outputs, text parts and input values. */
function textBlobsOf(message: RuntimeMessage): ContentBlobRef[] {
  if (message.kind !== 'tool_result') return blobTextsOf(message);
  return message.content.flatMap((part) => (part.output.type === 'blob' ? [part.output.blob] : []));
}

/** `parts` with each blob-backed text's preview replaced by the text read of its blob. */
function withTextsRead<P extends { type: string; text?: string; blob?: ContentBlobRef }>(
  parts: readonly P[],
  longer: (blob: ContentBlobRef) => string | undefined,
): P[] {
  return parts.map((part) => {
    const text = part.blob === undefined ? undefined : longer(part.blob);
    return text === undefined ? part : { ...part, text };
  });
}
