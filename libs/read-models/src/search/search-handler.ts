import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexText, searchTextOf, toolNamesOf } from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ProjectionHandler } from '../runner/projection-handler';
import type { SessionLogEvent } from '../runner/session-log-event';
import { messageDigest } from './message-digest';
import { pruneRecorded } from './prune-recorded';
import { placedId } from './placed-id';
import { facet } from './search-facets';
import { SEARCH_RANK_SQL, SEARCH_SCHEMA_SQL, SEARCH_TABLES } from './search-schema';

/** Bump when the tables or the way rows are derived change: the search view is then rebuilt. */
const SCHEMA_VERSION = 1;

interface Statements {
  versions: { all(sessionId: string, recordedId: string): Array<{ digest: string }> };
  hasId: { get(sessionId: string, messageId: string): unknown };
  lastSeq: { get(sessionId: string): { seq: number | null } };
  insert: { run(...values: unknown[]): { changes: number; lastInsertRowid: number | bigint } };
  index: { run(rowid: number | bigint, terms: string, parts: string, facets: string): unknown };
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
}

/**
 * Maintains the search view: indexes every recorded message once (a retried copy is dropped, a
 * reused id renamed `<id>#2`, as the other read models do) with `searchTokens` of its
 * `searchTextOf`, and keeps what its visibility depends on — whether it is pruned (a pruning
 * mark sets it, first mark wins) and the session's latest boundary and summary — so that a hit
 * says, when read, whether the model sees it now (`searchVisibility`).
 */
export class SearchHandler implements ProjectionHandler {
  readonly name = 'search';
  readonly version = String(SCHEMA_VERSION);
  private statements: Statements | undefined;
  /** Next seq per session, read once per batch; cleared whenever a write may have been undone. */
  private readonly nextSeq = new Map<string, number>();

  constructor(private readonly db: ReadModelDatabase) {}

  setUp(): void {
    const existed = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE name = 'rm_search_index'")
      .get();
    this.db.exec(SEARCH_SCHEMA_SQL);
    if (existed === undefined) this.db.exec(SEARCH_RANK_SQL);
    const db = this.db;
    this.statements = {
      versions: db.prepare(
        'SELECT digest FROM rm_search_messages WHERE session_id = ? AND recorded_id = ?',
      ),
      hasId: db.prepare('SELECT 1 FROM rm_search_messages WHERE session_id = ? AND message_id = ?'),
      lastSeq: db.prepare('SELECT MAX(seq) AS seq FROM rm_search_messages WHERE session_id = ?'),
      insert: db.prepare(
        `INSERT OR IGNORE INTO rm_search_messages (session_id, seq, message_id, recorded_id, digest, revision,
          position, kind, role, created_at, created_ms, agent, tools, eligible, pruned, tags,
          summary_for, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      index: db.prepare(
        'INSERT INTO rm_search_index (rowid, terms, parts, facets) VALUES (?, ?, ?, ?)',
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
        `SELECT MAX(seq) AS seq FROM rm_search_messages
         WHERE session_id = ? AND kind = 'compact_summary' AND summary_for = ? AND eligible = 1`,
      ),
      setToolName: db.prepare(
        'INSERT OR IGNORE INTO rm_search_tool_names (session_id, tool_call_id, tool_name) VALUES (?, ?, ?)',
      ),
      toolName: db.prepare(
        'SELECT tool_name FROM rm_search_tool_names WHERE session_id = ? AND tool_call_id = ?',
      ),
    } as unknown as Statements;
  }

  drop(): void {
    for (const table of SEARCH_TABLES) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
    this.statements = undefined;
    this.nextSeq.clear();
  }

  apply(logged: SessionLogEvent): void {
    try {
      this.applyTo(this.ready(), logged);
    } catch (error) {
      this.nextSeq.clear();
      throw error;
    }
  }

  endBatch(): void {
    this.nextSeq.clear();
  }

  abortBatch(): void {
    this.nextSeq.clear();
  }

  private applyTo(statements: Statements, logged: SessionLogEvent): void {
    const { event, sessionId } = logged;
    switch (event.type) {
      case 'SessionStarted':
      case 'SessionEnded':
      case 'ModelCallRecorded':
        return;
      case 'ToolResultsPruned':
        pruneRecorded(statements, sessionId, event.data.messageIds);
        return;
      case 'SystemNoteRecorded':
      case 'UserInputRecorded':
      case 'AssistantTextRecorded':
      case 'AssistantReasoningRecorded':
      case 'ToolCallRecorded':
      case 'ToolResultRecorded':
      case 'ToolApprovalRequested':
      case 'ToolApprovalResponded':
      case 'CompactBoundaryRecorded':
      case 'CompactSummaryRecorded':
      case 'RuntimeReminderRecorded':
      case 'HandoffSummaryRecorded':
      case 'AgentSwitchNoteRecorded':
        this.record(statements, logged, event.data);
        return;
      default: {
        const unreachable: never = event;
        throw new Error(`Unhandled session event ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private record(statements: Statements, logged: SessionLogEvent, message: RuntimeMessage): void {
    const { sessionId } = logged;
    const digest = messageDigest(message);
    const toolNames = toolNamesOf(message);
    if (message.kind === 'tool_result') {
      for (const part of message.content) {
        const name =
          part.toolName ?? statements.toolName.get(sessionId, part.toolCallId)?.tool_name;
        if (name !== undefined && !toolNames.includes(name)) toolNames.push(name);
      }
    }
    const metadata = message.metadata;
    const agent = metadata?.effectiveAgentName ?? metadata?.agentName ?? null;
    const eligible = metadata?.eligibleForModelContext !== false;
    const createdMs = Date.parse(message.createdAt);
    const body = searchTextOf(message);
    const seq = this.nextSeq.get(sessionId) ?? (statements.lastSeq.get(sessionId).seq ?? -1) + 1;
    const row = (id: string) => [
      sessionId,
      seq,
      id,
      message.id,
      digest,
      logged.revision,
      logged.position,
      message.kind,
      message.role,
      message.createdAt,
      Number.isNaN(createdMs) ? null : createdMs,
      agent,
      JSON.stringify(toolNames),
      eligible ? 1 : 0,
      metadata?.compactedAt === undefined ? 0 : 1,
      JSON.stringify(metadata?.tags ?? []),
      metadata?.summaryForBoundaryId ?? null,
      body,
    ];
    // A new id (the common case) is placed by the insert itself: no look-up before it.
    let inserted = statements.insert.run(...row(message.id));
    let id = message.id;
    if (inserted.changes === 0) {
      const placed = placedId(statements, sessionId, message.id, digest);
      if (placed === undefined) return;
      id = placed;
      inserted = statements.insert.run(...row(id));
      if (inserted.changes === 0) throw new Error(`Message "${id}" could not be indexed.`);
    }
    const { lastInsertRowid } = inserted;
    if (message.kind === 'tool_call') {
      for (const part of message.content) {
        statements.setToolName.run(sessionId, part.toolCallId, part.toolName);
      }
    }
    const indexed = searchIndexText(body);
    const facets = [
      facet.kind(message.kind),
      facet.role(message.role),
      facet.session(sessionId),
      ...toolNames.map(facet.tool),
      ...(agent === null ? [] : [facet.agent(agent)]),
    ];
    statements.index.run(lastInsertRowid, indexed.terms, indexed.parts, facets.join(' '));
    this.nextSeq.set(sessionId, seq + 1);
    if (message.kind === 'compact_boundary') {
      statements.setBoundary.run(
        sessionId,
        id,
        seq,
        statements.latestSummary.get(sessionId, id).seq,
      );
    } else if (
      message.kind === 'compact_summary' &&
      eligible &&
      metadata?.summaryForBoundaryId !== undefined &&
      statements.boundary.get(sessionId)?.boundary_id === metadata.summaryForBoundaryId
    ) {
      statements.setSummary.run(seq, sessionId);
    }
  }

  private ready(): Statements {
    if (this.statements === undefined) this.setUp();
    if (this.statements === undefined) throw new Error('The search tables are not set up.');
    return this.statements;
  }
}
