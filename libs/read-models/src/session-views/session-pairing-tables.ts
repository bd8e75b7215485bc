import {
  firstFreeId,
  type OpenToolCall,
  type PairingState,
  type PlacedToolCall,
  type ToolApprovalStatus,
} from '@agent-ledger/events';
import type { ToolResultMessage, ToolResultPart } from '@agent-ledger/messages';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';

/** Where the read models place a call: the `seq` of its event's first row, and its revision. */
export interface StoredPlace {
  seq: number;
  revision: number;
}

/** The stored messages the pairing state reads: ids in use, and a message by id. */
export interface StoredMessageLookup {
  hasId(sessionId: string, id: string): boolean;
  /** The message an event recorded under this id, as it is stored now. */
  currentMessage(sessionId: string, id: string): ToolResultMessage | undefined;
}

interface ToolCallRow {
  tool_call_id: string;
  holder_id: string;
  holder_seq: number;
  holder_revision: number;
  part_index: number;
  tool_name: string;
  approval_status: number | null;
  approval_reason: string | null;
  hidden_result: string | null;
}

/** `rm_tool_approvals.status`: answers beat requests, a refusal is final. */
const REQUESTED = 0;
const APPROVED = 1;
const DENIED = 2;

/** The prepared statements of the pairing tables. */
type PairingStatements = ReturnType<typeof preparePairingStatements>;

/**
 * The pairing tables (`rm_tool_calls`, `rm_tool_names`, `rm_approvals`, `rm_tool_approvals`,
 * `rm_hidden_tool_parts`, `rm_early_tool_results`) as the events lib's `PairingState`, one
 * session at a time: the read models keep the state and nothing else of pairing; the rules are
 * `pairMessage`'s.
 *
 * Within a batch it remembers two answers its own writes already gave, so that the common turn
 * (a call, then its result) asks SQLite nothing it knows: the state of the calls this batch
 * opened or answered (a row written, or changed, by this connection in the batch's transaction),
 * and the sessions known to hold no early result. Both are facts of the tables as they are inside
 * the transaction; `forgetCached` drops them at the batch's end and when a write is rolled back.
 */
export class SessionPairingTables {
  private readonly statements: PairingStatements;
  /** `sessionId \0 toolCallId` → the call's state, for calls this batch opened or answered. */
  private readonly toolCallStates = new Map<string, 'open' | 'answered'>();
  /** Sessions whose `rm_early_tool_results` rows were found empty in this batch, and stayed so. */
  private readonly noEarlyResults = new Set<string>();

  constructor(
    db: ReadModelDatabase,
    readonly messages: StoredMessageLookup,
  ) {
    this.statements = preparePairingStatements(db);
  }

  /** The pairing state of one session. */
  forSession(sessionId: string): PairingState<StoredPlace> {
    return new SessionPairingState(this, this.statements, sessionId);
  }

  /** Forgets what the batch remembered (its end, or a rolled-back write). */
  forgetCached(): void {
    this.toolCallStates.clear();
    this.noEarlyResults.clear();
  }

  /** @internal The state of a call this batch opened or answered, else `undefined`. */
  knownToolCallState(sessionId: string, toolCallId: string): 'open' | 'answered' | undefined {
    return this.toolCallStates.get(`${sessionId}\0${toolCallId}`);
  }

  /** @internal A call's row was just written (`open`) or answered by this connection. */
  rememberToolCallState(sessionId: string, toolCallId: string, state: 'open' | 'answered'): void {
    this.toolCallStates.set(`${sessionId}\0${toolCallId}`, state);
  }

  /** @internal Whether the session has no early result, asking SQLite once per batch. */
  hasNoEarlyResults(sessionId: string): boolean {
    if (this.noEarlyResults.has(sessionId)) return true;
    if (this.statements.anyEarlyResult.get(sessionId) !== undefined) return false;
    this.noEarlyResults.add(sessionId);
    return true;
  }

  /** @internal The session now holds an early result. */
  earlyResultRemembered(sessionId: string): void {
    this.noEarlyResults.delete(sessionId);
  }
}

/** One session's view of the pairing tables, as `pairMessage` asks it. */
class SessionPairingState implements PairingState<StoredPlace> {
  constructor(
    private readonly tables: SessionPairingTables,
    private readonly statements: PairingStatements,
    private readonly sessionId: string,
  ) {}

  toolCallState(toolCallId: string): 'open' | 'answered' | undefined {
    const known = this.tables.knownToolCallState(this.sessionId, toolCallId);
    if (known !== undefined) return known;
    const row = this.statements.toolCall.get(this.sessionId, toolCallId);
    if (row === undefined) return undefined;
    return row.open === 1 ? 'open' : 'answered';
  }

  openToolCall(call: PlacedToolCall<StoredPlace>): void {
    const written = this.statements.insertToolCall.run(
      this.sessionId,
      call.toolCallId,
      call.holderId,
      call.at.seq,
      call.at.revision,
      call.partIndex,
      call.toolName,
    );
    if (written.changes === 1) {
      this.tables.rememberToolCallState(this.sessionId, call.toolCallId, 'open');
    }
  }

  closeToolCall(toolCallId: string): void {
    const written = this.statements.closeToolCall.run(this.sessionId, toolCallId);
    if (written.changes === 1) {
      this.tables.rememberToolCallState(this.sessionId, toolCallId, 'answered');
    }
  }

  openToolCalls(): OpenToolCall<StoredPlace>[] {
    return this.statements.openToolCalls.all(this.sessionId).map(toOpenToolCall);
  }

  approvalToolCallId(approvalId: string): string | undefined {
    return this.statements.approval.get(this.sessionId, approvalId)?.tool_call_id;
  }

  rememberApprovalRequest(approvalId: string, toolCallId: string): void {
    this.statements.upsertApproval.run(this.sessionId, approvalId, toolCallId);
    this.statements.foldApprovalStatus.run(this.sessionId, toolCallId, REQUESTED, null);
  }

  rememberApprovalResponse(
    toolCallId: string,
    answer: { approved: boolean; reason?: string },
  ): void {
    const status = answer.approved ? APPROVED : DENIED;
    const reason = answer.approved ? null : (answer.reason ?? null);
    this.statements.foldApprovalStatus.run(this.sessionId, toolCallId, status, reason);
  }

  rememberHiddenToolPart(kind: 'call' | 'result', toolCallId: string, messageId: string): void {
    this.statements.insertHiddenPart.run(this.sessionId, kind, toolCallId, messageId);
  }

  hiddenToolPart(kind: 'call' | 'result', toolCallId: string): string | undefined {
    return this.statements.hiddenPart.get(this.sessionId, kind, toolCallId)?.message_id;
  }

  rememberEarlyResult(toolCallId: string, message: ToolResultMessage, part: ToolResultPart): void {
    this.statements.insertEarlyResult.run(
      this.sessionId,
      toolCallId,
      message.id,
      JSON.stringify(part),
    );
    this.tables.earlyResultRemembered(this.sessionId);
  }

  takeEarlyResult(
    toolCallId: string,
  ): { message: ToolResultMessage; part: ToolResultPart } | undefined {
    if (this.tables.hasNoEarlyResults(this.sessionId)) return undefined;
    const row = this.statements.earlyResult.get(this.sessionId, toolCallId);
    if (row === undefined) return undefined;
    this.statements.deleteEarlyResult.run(this.sessionId, toolCallId);
    const message = this.tables.messages.currentMessage(this.sessionId, row.message_id);
    if (message === undefined) return undefined;
    return { message, part: readOwnJson<ToolResultPart>(row.part) };
  }

  rememberToolName(toolCallId: string, toolName: string): void {
    this.statements.insertToolName.run(this.sessionId, toolCallId, toolName);
  }

  toolName(toolCallId: string): string | undefined {
    return this.statements.toolName.get(this.sessionId, toolCallId)?.tool_name;
  }

  claimId(base: string): string {
    return firstFreeId(base, (id) => this.tables.messages.hasId(this.sessionId, id));
  }
}

function preparePairingStatements(db: ReadModelDatabase) {
  return {
    toolCall: db.prepare<[string, string], { open: number }>(
      'SELECT open FROM rm_tool_calls WHERE session_id = ? AND tool_call_id = ?',
    ),
    insertToolCall: db.prepare<[string, string, string, number, number, number, string]>(
      `INSERT OR IGNORE INTO rm_tool_calls (session_id, tool_call_id, holder_id, holder_seq, holder_revision, part_index, tool_name, open)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
    ),
    closeToolCall: db.prepare<[string, string]>(
      'UPDATE rm_tool_calls SET open = 0 WHERE session_id = ? AND tool_call_id = ? AND open = 1',
    ),
    openToolCalls: db.prepare<[string], ToolCallRow>(
      `SELECT c.tool_call_id, c.holder_id, c.holder_seq, c.holder_revision, c.part_index, c.tool_name,
         a.status AS approval_status, a.reason AS approval_reason, h.message_id AS hidden_result
       FROM rm_tool_calls c
       LEFT JOIN rm_tool_approvals a ON a.session_id = c.session_id AND a.tool_call_id = c.tool_call_id
       LEFT JOIN rm_hidden_tool_parts h
         ON h.session_id = c.session_id AND h.kind = 'result' AND h.tool_call_id = c.tool_call_id
       WHERE c.session_id = ? AND c.open = 1 ORDER BY c.holder_seq, c.part_index`,
    ),
    approval: db.prepare<[string, string], { tool_call_id: string }>(
      'SELECT tool_call_id FROM rm_approvals WHERE session_id = ? AND approval_id = ?',
    ),
    upsertApproval: db.prepare<[string, string, string]>(
      'INSERT OR REPLACE INTO rm_approvals (session_id, approval_id, tool_call_id) VALUES (?, ?, ?)',
    ),
    foldApprovalStatus: db.prepare<[string, string, number, string | null]>(
      `INSERT INTO rm_tool_approvals (session_id, tool_call_id, status, reason) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id, tool_call_id) DO UPDATE SET status = excluded.status, reason = excluded.reason
       WHERE excluded.status > rm_tool_approvals.status`,
    ),
    insertHiddenPart: db.prepare<[string, string, string, string]>(
      'INSERT OR IGNORE INTO rm_hidden_tool_parts (session_id, kind, tool_call_id, message_id) VALUES (?, ?, ?, ?)',
    ),
    hiddenPart: db.prepare<[string, string, string], { message_id: string }>(
      'SELECT message_id FROM rm_hidden_tool_parts WHERE session_id = ? AND kind = ? AND tool_call_id = ?',
    ),
    insertEarlyResult: db.prepare<[string, string, string, string]>(
      'INSERT OR IGNORE INTO rm_early_tool_results (session_id, tool_call_id, message_id, part) VALUES (?, ?, ?, ?)',
    ),
    anyEarlyResult: db.prepare<[string], { one: number }>(
      'SELECT 1 AS one FROM rm_early_tool_results WHERE session_id = ? LIMIT 1',
    ),
    earlyResult: db.prepare<[string, string], { message_id: string; part: string }>(
      'SELECT message_id, part FROM rm_early_tool_results WHERE session_id = ? AND tool_call_id = ?',
    ),
    deleteEarlyResult: db.prepare<[string, string]>(
      'DELETE FROM rm_early_tool_results WHERE session_id = ? AND tool_call_id = ?',
    ),
    toolName: db.prepare<[string, string], { tool_name: string }>(
      'SELECT tool_name FROM rm_tool_names WHERE session_id = ? AND tool_call_id = ?',
    ),
    insertToolName: db.prepare<[string, string, string]>(
      'INSERT OR IGNORE INTO rm_tool_names (session_id, tool_call_id, tool_name) VALUES (?, ?, ?)',
    ),
  };
}

function toOpenToolCall(row: ToolCallRow): OpenToolCall<StoredPlace> {
  const approval = approvalStatus(row.approval_status, row.approval_reason);
  return {
    toolCallId: row.tool_call_id,
    toolName: row.tool_name,
    holderId: row.holder_id,
    partIndex: row.part_index,
    at: { seq: row.holder_seq, revision: row.holder_revision },
    ...(approval === undefined ? {} : { approval }),
    ...(row.hidden_result === null ? {} : { hiddenResultMessageId: row.hidden_result }),
  };
}

function approvalStatus(
  status: number | null,
  reason: string | null,
): ToolApprovalStatus | undefined {
  if (status === null) return undefined;
  if (status === REQUESTED) return { status: 'requested' };
  if (status === APPROVED) return { status: 'approved' };
  return reason === null ? { status: 'denied' } : { status: 'denied', reason };
}
