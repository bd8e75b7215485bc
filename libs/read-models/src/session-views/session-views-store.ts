import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import type { SessionRepair } from './session-repair';

/** A stored normalized message. */
export interface StoredMessage {
  seq: number;
  revision: number;
  /** `null` for an eligible-parts copy (normalization made it; no event recorded it). */
  recordedId: string | null;
  /**
   * The message as its event recorded it (JSON), when normalization or a pruning mark changed it;
   * `null` when `message` is still exactly that (the id aside: `recordedId`).
   */
  recorded: string | null;
  /** For an eligible-parts copy, the id of the message it copies. */
  copyOf: string | null;
  message: RuntimeMessage;
}

/** An open or answered eligible tool call, as normalization's pairing tracks it. */
export interface StoredToolCall {
  toolCallId: string;
  holderId: string;
  holderSeq: number;
  holderRevision: number;
  toolName: string;
  open: boolean;
  denied: boolean;
}

/** What the transcript and export read models hold for a message, besides the message. */
export interface MessageViews {
  /** Revision of the event that wrote the row last (its recording, or a pruning mark). */
  changedRevision: number;
  inTranscript: boolean;
  /** `EXPORT_LEFT_OUT`, `EXPORT_AS_IS` or `EXPORT_REDACTED` (then `entry` is the redacted row). */
  exportState: number;
  exportRedactions: number;
  exportEntry: unknown;
}

interface MessageRow {
  seq: number;
  revision: number;
  recorded_id: string | null;
  recorded: string | null;
  copy_of: string | null;
  message: string;
}

interface ToolCallRow {
  tool_call_id: string;
  holder_id: string;
  holder_seq: number;
  holder_revision: number;
  tool_name: string;
  open: number;
  denied: number;
}

/** Prepared statements over the session-views tables; one instance per handler and database. */
export class SessionViewsStore {
  private readonly statements;
  /** Next `seq` of the sessions written in the current batch (saves a query per message). */
  private readonly nextSeqs = new Map<string, number>();

  constructor(db: ReadModelDatabase) {
    this.statements = {
      nextSeq: db.prepare<[string], { next: number }>(
        'SELECT COALESCE(MAX(seq), -1) + 1 AS next FROM rm_messages WHERE session_id = ?',
      ),
      byId: db.prepare<[string, string], MessageRow>(
        'SELECT seq, revision, recorded_id, recorded, copy_of, message FROM rm_messages WHERE session_id = ? AND id = ?',
      ),
      renamedVersions: db.prepare<[string, string, string, string], MessageRow>(
        `SELECT seq, revision, recorded_id, recorded, copy_of, message FROM rm_messages
         WHERE session_id = ? AND id > ? AND id < ? AND recorded_id = ?`,
      ),
      hasId: db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM rm_messages WHERE session_id = ? AND id = ?',
      ),
      copiesOf: db.prepare<[string, string], MessageRow>(
        // Without INDEXED BY the planner walks the whole session in `seq` order (the primary key).
        `SELECT seq, revision, recorded_id, recorded, copy_of, message FROM rm_messages INDEXED BY rm_messages_copies
         WHERE session_id = ? AND copy_of = ? ORDER BY seq`,
      ),
      // Positional parameters: binding by name costs a property lookup each (a few % of a rebuild).
      insertMessage: db.prepare<
        [
          string,
          number,
          string,
          string | null,
          string | null,
          string | null,
          number,
          string,
          string,
          ...ViewColumns,
        ]
      >(
        `INSERT INTO rm_messages (session_id, seq, id, recorded_id, recorded, copy_of, revision,
           kind, message, changed_revision, in_transcript, export_state, export_redactions, export_entry)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateMessage: db.prepare(
        `UPDATE rm_messages SET message = @message, recorded = @recorded, changed_revision = @changedRevision,
           in_transcript = @inTranscript, export_state = @exportState,
           export_redactions = @exportRedactions, export_entry = @exportEntry
         WHERE session_id = @sessionId AND seq = @seq`,
      ),
      messages: db.prepare<[string], MessageRow>(
        'SELECT seq, revision, recorded_id, recorded, copy_of, message FROM rm_messages WHERE session_id = ? ORDER BY seq',
      ),
      toolCall: db.prepare<[string, string], { open: number }>(
        'SELECT open FROM rm_tool_calls WHERE session_id = ? AND tool_call_id = ?',
      ),
      insertToolCall: db.prepare<[string, string, string, number, number, number, string]>(
        `INSERT INTO rm_tool_calls (session_id, tool_call_id, holder_id, holder_seq, holder_revision, part_index, tool_name, open)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
      ),
      closeToolCall: db.prepare<[string, string]>(
        'UPDATE rm_tool_calls SET open = 0 WHERE session_id = ? AND tool_call_id = ? AND open = 1',
      ),
      openToolCalls: db.prepare<[string], ToolCallRow>(
        `SELECT c.*, EXISTS (SELECT 1 FROM rm_denials d WHERE d.session_id = c.session_id AND d.tool_call_id = c.tool_call_id) AS denied
         FROM rm_tool_calls c WHERE c.session_id = ? AND c.open = 1 ORDER BY c.holder_seq, c.part_index`,
      ),
      toolName: db.prepare<[string, string], { tool_name: string }>(
        'SELECT tool_name FROM rm_tool_names WHERE session_id = ? AND tool_call_id = ?',
      ),
      insertToolName: db.prepare<[string, string, string]>(
        'INSERT OR IGNORE INTO rm_tool_names (session_id, tool_call_id, tool_name) VALUES (?, ?, ?)',
      ),
      approval: db.prepare<[string, string], { tool_call_id: string }>(
        'SELECT tool_call_id FROM rm_approvals WHERE session_id = ? AND approval_id = ?',
      ),
      upsertApproval: db.prepare<[string, string, string]>(
        'INSERT OR REPLACE INTO rm_approvals (session_id, approval_id, tool_call_id) VALUES (?, ?, ?)',
      ),
      insertDenial: db.prepare<[string, string]>(
        'INSERT OR IGNORE INTO rm_denials (session_id, tool_call_id) VALUES (?, ?)',
      ),
      nextRepairOrdinal: db.prepare<[string], { next: number }>(
        'SELECT COALESCE(MAX(ordinal), -1) + 1 AS next FROM rm_repairs WHERE session_id = ?',
      ),
      insertRepair: db.prepare<[string, number, number, string]>(
        'INSERT INTO rm_repairs (session_id, ordinal, revision, repair) VALUES (?, ?, ?, ?)',
      ),
      repairs: db.prepare<[string], { repair: string }>(
        'SELECT repair FROM rm_repairs WHERE session_id = ? ORDER BY ordinal',
      ),
    };
  }

  nextSeq(sessionId: string): number {
    const cached = this.nextSeqs.get(sessionId);
    if (cached !== undefined) return cached;
    return this.statements.nextSeq.get(sessionId)?.next ?? 0;
  }

  /** Forgets what was cached (end of a batch, or a rolled-back write). */
  forgetCached(): void {
    this.nextSeqs.clear();
  }

  /**
   * The messages recorded under `recordedId`, as their events recorded them: the one stored under
   * that id and those renamed `<recordedId>#<n>` because they reused it.
   */
  recordedVersions(sessionId: string, recordedId: string): RuntimeMessage[] {
    const exact = this.statements.byId.get(sessionId, recordedId);
    if (exact === undefined || exact.recorded_id !== recordedId) return [];
    const renamed = this.statements.renamedVersions.all(
      sessionId,
      `${recordedId}#`,
      `${recordedId}$`,
      recordedId,
    );
    return [exact, ...renamed].map((row) => {
      const stored = toStoredMessage(row);
      return stored.recorded === null
        ? { ...stored.message, id: recordedId }
        : readOwnJson<RuntimeMessage>(stored.recorded);
    });
  }

  hasId(sessionId: string, id: string): boolean {
    return this.statements.hasId.get(sessionId, id) !== undefined;
  }

  /** The message with this id that an event recorded (not an eligible-parts copy). */
  recordedMessage(sessionId: string, id: string): StoredMessage | undefined {
    const row = this.statements.byId.get(sessionId, id);
    return row === undefined || row.copy_of !== null ? undefined : toStoredMessage(row);
  }

  copiesOf(sessionId: string, id: string): StoredMessage[] {
    return this.statements.copiesOf.all(sessionId, id).map(toStoredMessage);
  }

  insertMessage(sessionId: string, stored: StoredMessage, views: MessageViews): void {
    this.statements.insertMessage.run(
      sessionId,
      stored.seq,
      stored.message.id,
      stored.recordedId,
      stored.recorded,
      stored.copyOf,
      stored.revision,
      stored.message.kind,
      JSON.stringify(stored.message),
      ...viewColumnValues(views),
    );
    this.nextSeqs.set(sessionId, stored.seq + 1);
  }

  updateMessage(sessionId: string, stored: StoredMessage, views: MessageViews): void {
    this.statements.updateMessage.run({
      sessionId,
      seq: stored.seq,
      message: JSON.stringify(stored.message),
      recorded: stored.recorded,
      ...viewColumns(views),
    });
  }

  /** Every normalized message of the session, in order. */
  messages(sessionId: string): StoredMessage[] {
    return this.statements.messages.all(sessionId).map(toStoredMessage);
  }

  /** `undefined`: no eligible call used this id; otherwise whether it still awaits its result. */
  toolCallState(sessionId: string, toolCallId: string): 'open' | 'answered' | undefined {
    const row = this.statements.toolCall.get(sessionId, toolCallId);
    if (row === undefined) return undefined;
    return row.open === 1 ? 'open' : 'answered';
  }

  openToolCall(
    sessionId: string,
    call: { toolCallId: string; toolName: string; partIndex: number },
    holder: { id: string; seq: number; revision: number },
  ): void {
    this.statements.insertToolCall.run(
      sessionId,
      call.toolCallId,
      holder.id,
      holder.seq,
      holder.revision,
      call.partIndex,
      call.toolName,
    );
  }

  closeToolCall(sessionId: string, toolCallId: string): void {
    this.statements.closeToolCall.run(sessionId, toolCallId);
  }

  /** Eligible tool calls still without a result, in the order they were made. */
  openToolCalls(sessionId: string): StoredToolCall[] {
    return this.statements.openToolCalls.all(sessionId).map((row) => ({
      toolCallId: row.tool_call_id,
      holderId: row.holder_id,
      holderSeq: row.holder_seq,
      holderRevision: row.holder_revision,
      toolName: row.tool_name,
      open: row.open === 1,
      denied: row.denied === 1,
    }));
  }

  toolName(sessionId: string, toolCallId: string): string | undefined {
    return this.statements.toolName.get(sessionId, toolCallId)?.tool_name;
  }

  /** Remembers the first name seen for a tool call id (first call wins). */
  rememberToolName(sessionId: string, toolCallId: string, toolName: string): void {
    this.statements.insertToolName.run(sessionId, toolCallId, toolName);
  }

  approvalToolCallId(sessionId: string, approvalId: string): string | undefined {
    return this.statements.approval.get(sessionId, approvalId)?.tool_call_id;
  }

  rememberApproval(sessionId: string, approvalId: string, toolCallId: string): void {
    this.statements.upsertApproval.run(sessionId, approvalId, toolCallId);
  }

  rememberDenial(sessionId: string, toolCallId: string): void {
    this.statements.insertDenial.run(sessionId, toolCallId);
  }

  addRepair(sessionId: string, repair: SessionRepair): void {
    const ordinal = this.statements.nextRepairOrdinal.get(sessionId)?.next ?? 0;
    this.statements.insertRepair.run(sessionId, ordinal, repair.revision, JSON.stringify(repair));
  }

  /** Stored repairs in the order they were found (dangling tool calls are not stored). */
  repairs(sessionId: string): SessionRepair[] {
    return this.statements.repairs
      .all(sessionId)
      .map((row) => readOwnJson<SessionRepair>(row.repair));
  }
}

/** `changed_revision, in_transcript, export_state, export_redactions, export_entry`. */
type ViewColumns = [
  changedRevision: number,
  inTranscript: number,
  exportState: number,
  exportRedactions: number,
  exportEntry: string | null,
];

function viewColumnValues(views: MessageViews): ViewColumns {
  return [
    views.changedRevision,
    views.inTranscript ? 1 : 0,
    views.exportState,
    views.exportRedactions,
    views.exportEntry === undefined ? null : JSON.stringify(views.exportEntry),
  ];
}

function viewColumns(views: MessageViews) {
  return {
    changedRevision: views.changedRevision,
    inTranscript: views.inTranscript ? 1 : 0,
    exportState: views.exportState,
    exportRedactions: views.exportRedactions,
    exportEntry: views.exportEntry === undefined ? null : JSON.stringify(views.exportEntry),
  };
}

function toStoredMessage(row: MessageRow): StoredMessage {
  return {
    seq: row.seq,
    revision: row.revision,
    recordedId: row.recorded_id,
    recorded: row.recorded,
    copyOf: row.copy_of,
    message: readOwnJson<RuntimeMessage>(row.message),
  };
}
