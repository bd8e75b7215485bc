import { reportOpenToolCalls, type SessionRepair } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  projectToExport,
  projectToTranscript,
  type ExportMessage,
  type ExportProjectionResult,
  type ProjectionResult,
  type TranscriptMessage,
} from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { EXPORT_AS_IS, EXPORT_REDACTED, SESSION_VIEWS_SCHEMA_SQL } from './session-views-schema';
import { SessionViewsStore } from './session-views-store';

/** A transcript entry with its place: `seq` orders the session, `revision` last changed it. */
export interface TranscriptEntry {
  seq: number;
  revision: number;
  message: TranscriptMessage;
}

/** One page of a transcript; pass `nextSeq` back as the cursor for the next one. */
export interface TranscriptPage {
  entries: TranscriptEntry[];
  /** `undefined` on the last page. */
  nextSeq?: number;
}

/** Where a live feed of a transcript stands: the last entry sent and the last revision seen. */
export interface TranscriptCursor {
  afterSeq: number;
  afterRevision: number;
}

interface EntryRow {
  seq: number;
  changed_revision: number;
  message: string;
}

interface ExportRow {
  id: string;
  message: string;
  export_state: number;
  export_redactions: number;
  export_entry: string | null;
}

/** Any context: transcript rows and as-is export rows do not depend on it. */
const RENDER_CONTEXT = { sessionId: '', activeAgentName: '', includeReasoning: true };

/** Reads the transcript, export and debug read models written by `SessionViewsHandler`. */
export class SessionViewsReader {
  private readonly store: SessionViewsStore;
  private readonly statements;

  constructor(db: ReadModelDatabase) {
    db.exec(SESSION_VIEWS_SCHEMA_SQL);
    this.store = new SessionViewsStore(db);
    const entryColumns = 'seq, changed_revision, message';
    this.statements = {
      visible: db.prepare<[string], EntryRow>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? AND in_transcript = 1 ORDER BY seq`,
      ),
      hiddenIds: db.prepare<[string], { id: string }>(
        'SELECT id FROM rm_messages WHERE session_id = ? AND in_transcript = 0 ORDER BY seq',
      ),
      page: db.prepare<[string, number, number], EntryRow>(
        `SELECT ${entryColumns} FROM rm_messages
         WHERE session_id = ? AND seq > ? AND in_transcript = 1 ORDER BY seq LIMIT ?`,
      ),
      byId: db.prepare<[string, string], EntryRow>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? AND id = ? AND in_transcript = 1`,
      ),
      changed: db.prepare<[string, number, number], EntryRow>(
        // By the changed-revision index: the rows changed since the cursor, not every row up to
        // its seq (SQLite's planner, without statistics, would walk the session's rows by seq).
        `SELECT ${entryColumns} FROM rm_messages INDEXED BY rm_messages_changed
         WHERE session_id = ? AND changed_revision > revision AND changed_revision > ? AND seq <= ?
           AND in_transcript = 1 ORDER BY seq`,
      ),
      lastSeqAt: db.prepare<[string, number], { seq: number | null }>(
        'SELECT MAX(seq) AS seq FROM rm_messages WHERE session_id = ? AND revision <= ?',
      ),
      exportRows: db.prepare<[string], ExportRow>(
        `SELECT id, message, export_state, export_redactions, export_entry FROM rm_messages
         WHERE session_id = ? ORDER BY seq`,
      ),
      allRows: db.prepare<[string], ExportRow & { seq: number; in_transcript: number }>(
        `SELECT seq, id, message, in_transcript, export_state, export_redactions, export_entry
         FROM rm_messages WHERE session_id = ? ORDER BY seq`,
      ),
    };
  }

  /**
   * The debug, transcript and export read models of a session at once, equal to `messages`,
   * `transcript` and `export` called in turn, from one read of its rows (each message parsed
   * once): what `verify` compares.
   */
  views(sessionId: string): {
    messages: RuntimeMessage[];
    transcript: ProjectionResult<TranscriptMessage>;
    export: ExportProjectionResult;
  } {
    const messages: RuntimeMessage[] = [];
    const transcript: ProjectionResult<TranscriptMessage> = {
      messages: [],
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
    };
    const exported = emptyExport();
    for (const row of this.statements.allRows.all(sessionId)) {
      const message = readOwnJson<RuntimeMessage>(row.message);
      messages.push(message);
      if (row.in_transcript === 1) {
        transcript.messages.push(transcriptMessage(message, row.seq));
      } else {
        transcript.diagnostics.hiddenMessageIds.push(row.id);
      }
      addExportEntry(exported, row, message);
    }
    return { messages, transcript, export: exported };
  }

  /** The session's normalized runtime messages, in order (the debug view's input). */
  messages(sessionId: string): RuntimeMessage[] {
    return this.store.messages(sessionId).map((stored) => stored.message);
  }

  /** The whole transcript view, as `projectToTranscript` returns it. */
  transcript(sessionId: string): ProjectionResult<TranscriptMessage> {
    return {
      messages: this.statements.visible.all(sessionId).map((row) => toEntry(row).message),
      diagnostics: {
        hiddenMessageIds: this.statements.hiddenIds.all(sessionId).map((row) => row.id),
        truncatedMessageIds: [],
        injectedNotes: [],
      },
    };
  }

  /** Up to `limit` visible entries after `afterSeq` (from the start when absent). */
  transcriptPage(sessionId: string, options: { afterSeq?: number; limit: number }): TranscriptPage {
    const rows = this.statements.page.all(sessionId, options.afterSeq ?? -1, options.limit + 1);
    const entries = rows.slice(0, options.limit).map(toEntry);
    const last = entries.at(-1);
    return rows.length > options.limit && last !== undefined
      ? { entries, nextSeq: last.seq }
      : { entries };
  }

  /** One entry, whole, by message id; `undefined` when unknown or hidden from the transcript. */
  transcriptEntry(sessionId: string, messageId: string): TranscriptEntry | undefined {
    const row = this.statements.byId.get(sessionId, messageId);
    return row === undefined ? undefined : toEntry(row);
  }

  /** The cursor of a feed that has seen the transcript as of `revision`. */
  transcriptCursorAt(sessionId: string, revision: number): TranscriptCursor {
    const seq = this.statements.lastSeqAt.get(sessionId, revision)?.seq ?? -1;
    return { afterSeq: seq, afterRevision: revision };
  }

  /**
   * Visible entries added after the cursor, and earlier ones changed since (a pruning flags a tool
   * result), in order, with the cursor to continue from.
   */
  transcriptChanges(
    sessionId: string,
    cursor: TranscriptCursor,
  ): { entries: TranscriptEntry[]; cursor: TranscriptCursor } {
    const changed = this.statements.changed
      .all(sessionId, cursor.afterRevision, cursor.afterSeq)
      .map(toEntry);
    const added = this.statements.page
      .all(sessionId, cursor.afterSeq, Number.MAX_SAFE_INTEGER)
      .map(toEntry);
    const entries = [...changed, ...added];
    return {
      entries,
      cursor: {
        afterSeq: added.at(-1)?.seq ?? cursor.afterSeq,
        afterRevision: Math.max(cursor.afterRevision, ...entries.map((entry) => entry.revision)),
      },
    };
  }

  /** The whole export view, as `projectToExport` returns it under the handler's policy. */
  export(sessionId: string): ExportProjectionResult {
    const result = emptyExport();
    for (const row of this.statements.exportRows.all(sessionId)) addExportEntry(result, row);
    return result;
  }

  /**
   * What normalization repaired, in log order, as `normalizeSessionEvents(events,
   * { repairDanglingToolCalls: false })` reports it: the stored repairs, and the report of each
   * call still open at the end of the session so far (`reportOpenToolCalls`: dangling, pending
   * an approval, or with its only result hidden from the model), computed now, since the next
   * result makes it go away.
   */
  repairs(sessionId: string): SessionRepair[] {
    const open = reportOpenToolCalls(this.store.pairingState(sessionId).openToolCalls());
    const all = [
      ...this.store.repairs(sessionId),
      ...open.map(({ at, repair }): SessionRepair => ({ ...repair, revision: at.revision })),
    ];
    // Stable: for one revision, the stored repairs come first, as normalization reports them.
    return all.sort((left, right) => left.revision - right.revision);
  }
}

function toEntry(row: EntryRow): TranscriptEntry {
  const message = readOwnJson<RuntimeMessage>(row.message);
  return {
    seq: row.seq,
    revision: row.changed_revision,
    message: transcriptMessage(message, row.seq),
  };
}

function transcriptMessage(message: RuntimeMessage, seq: number): TranscriptMessage {
  const [entry] = projectToTranscript([message], RENDER_CONTEXT).messages;
  if (entry === undefined) throw new Error(`Transcript row ${seq} holds a hidden message.`);
  return entry;
}

function emptyExport(): ExportProjectionResult {
  return {
    messages: [],
    diagnostics: {
      hiddenMessageIds: [],
      truncatedMessageIds: [],
      injectedNotes: [],
      redactionCount: 0,
      redactedMessageIds: [],
    },
  };
}

/** Adds a row's export entry (or its id as hidden) to `result`; `message`: the row's, parsed. */
function addExportEntry(
  result: ExportProjectionResult,
  row: ExportRow,
  message?: RuntimeMessage,
): void {
  const entry = exportEntry(row, message);
  if (entry === undefined) {
    result.diagnostics.hiddenMessageIds.push(row.id);
    return;
  }
  result.messages.push(entry);
  if (row.export_redactions > 0) {
    result.diagnostics.redactionCount += row.export_redactions;
    result.diagnostics.redactedMessageIds.push(entry.id);
  }
}

function exportEntry(row: ExportRow, parsed?: RuntimeMessage): ExportMessage | undefined {
  if (row.export_state === EXPORT_REDACTED && row.export_entry !== null) {
    return readOwnJson<ExportMessage>(row.export_entry);
  }
  if (row.export_state !== EXPORT_AS_IS) return undefined;
  const message = parsed ?? readOwnJson<RuntimeMessage>(row.message);
  return projectToExport([message], RENDER_CONTEXT, { redact: false }).messages[0];
}
