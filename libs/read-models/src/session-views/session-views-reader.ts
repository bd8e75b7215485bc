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
import type { Statement } from 'better-sqlite3';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { ReadModelRowDamagedError } from '../errors';
import { CHECKED_MESSAGE_COLUMNS, messageRowIntact, type MessageRowValues } from './row-checksum';
import { EXPORT_AS_IS, EXPORT_REDACTED, SESSION_VIEWS_SCHEMA_SQL } from './session-views-schema';
import { SessionViewsStore } from './session-views-store';

/** A transcript entry with its place: `seq` orders the session, `revision` last changed it. */
export interface TranscriptEntry {
  seq: number;
  revision: number;
  message: TranscriptMessage;
  /** Set when a rewind undid the message: it is off the session's current line (an abandoned branch). */
  rewound?: true;
}

/** One page of a transcript; pass `nextSeq` back as the cursor for the next one. */
export interface TranscriptPage {
  entries: TranscriptEntry[];
  /** `undefined` on the last page. */
  nextSeq?: number;
}

/** A step of an export read row by row (`SessionViewsReader.exportStep`). */
export interface ExportStep {
  rows: Array<{ id: string; entry: ExportMessage | undefined; redactions: number }>;
  /** `undefined` on the last step. */
  nextSeq?: number;
}

/** Where a live feed of a transcript stands: the last entry sent and the last revision seen. */
export interface TranscriptCursor {
  afterSeq: number;
  afterRevision: number;
}

/** Rows are read whole, with their checksum, and checked as they are read (`checkedRows`). */
type EntryRow = MessageRowValues & { checksum: number };
type ExportRow = EntryRow;

/** Any context: transcript rows and as-is export rows do not depend on it. */
const RENDER_CONTEXT = { sessionId: '', activeAgentName: '', includeReasoning: true };

/** Reads the transcript, export and debug read models written by `SessionViewsHandler`. */
export class SessionViewsReader {
  private readonly store: SessionViewsStore;
  private readonly statements;

  /**
   * `checkRows: false` reads rows as they are, without comparing them with their checksums:
   * for `verify`, which compares every value with the log and names each difference.
   */
  constructor(db: ReadModelDatabase, options: { checkRows?: boolean } = {}) {
    db.exec(SESSION_VIEWS_SCHEMA_SQL);
    const check = options.checkRows !== false;
    this.store = new SessionViewsStore(db, (sessionId, seq) => {
      if (check) throw new ReadModelRowDamagedError(sessionId, seq);
    });
    const entryColumns = CHECKED_MESSAGE_COLUMNS;
    const rows = <P extends unknown[]>(sql: string): Rows<P> =>
      checkedRows(db.prepare<P, EntryRow>(sql), check);
    this.statements = {
      rewoundIds: db.prepare<[string, string], { id: string }>(
        `SELECT id FROM rm_messages AS m WHERE m.session_id = ? AND EXISTS (
           SELECT 1 FROM rm_rewinds AS r WHERE r.session_id = ?
             AND m.revision > r.to_revision AND m.revision < r.before_revision)`,
      ),
      revisionOf: db.prepare<[string, string, string], { revision: number }>(
        `SELECT revision FROM rm_messages AS m WHERE m.session_id = ? AND m.id = ? AND NOT EXISTS (
           SELECT 1 FROM rm_rewinds AS r WHERE r.session_id = ?
             AND m.revision > r.to_revision AND m.revision < r.before_revision)`,
      ),
      rewinds: db.prepare<[string], RewoundRange>(
        'SELECT to_revision, before_revision FROM rm_rewinds WHERE session_id = ?',
      ),
      visible: rows<[string]>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? AND in_transcript = 1 ORDER BY seq`,
      ),
      hiddenIds: rows<[string]>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? AND in_transcript = 0 ORDER BY seq`,
      ),
      page: rows<[string, number, number]>(
        `SELECT ${entryColumns} FROM rm_messages
         WHERE session_id = ? AND seq > ? AND in_transcript = 1 ORDER BY seq LIMIT ?`,
      ),
      byId: rows<[string, string]>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? AND id = ? AND in_transcript = 1`,
      ),
      changed: rows<[string, number, number]>(
        // By the changed-revision index: the rows changed since the cursor, not every row up to
        // its seq (SQLite's planner, without statistics, would walk the session's rows by seq).
        `SELECT ${entryColumns} FROM rm_messages INDEXED BY rm_messages_changed
         WHERE session_id = ? AND changed_revision > revision AND changed_revision > ? AND seq <= ?
           AND in_transcript = 1 ORDER BY seq`,
      ),
      lastSeqAt: db.prepare<[string, number], { seq: number | null }>(
        'SELECT MAX(seq) AS seq FROM rm_messages WHERE session_id = ? AND revision <= ?',
      ),
      exportStep: rows<[string, number, number]>(
        `SELECT ${entryColumns} FROM rm_messages
         WHERE session_id = ? AND seq > ? AND revision <= ? ORDER BY seq`,
      ),
      exportRows: rows<[string]>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? ORDER BY seq`,
      ),
      allRows: rows<[string]>(
        `SELECT ${entryColumns} FROM rm_messages WHERE session_id = ? ORDER BY seq`,
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

  /**
   * Up to `limit` visible entries after `afterSeq` (from the start when absent), and no more than
   * `maxBytes` of them (each measured as its stored JSON): a page ends before the entry that would
   * pass the budget, so a session of large entries is read a few at a time; its first entry is
   * always in it, so even an entry larger than the budget is read, alone.
   */
  transcriptPage(
    sessionId: string,
    options: { afterSeq?: number; limit: number; maxBytes?: number },
  ): TranscriptPage {
    const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const rewinds = this.rewinds(sessionId);
    const entries: TranscriptEntry[] = [];
    let bytes = 0;
    let more = false;
    // Row by row: the rows past the budget are never read into memory.
    for (const row of this.statements.page.iterate(
      sessionId,
      options.afterSeq ?? -1,
      options.limit + 1,
    )) {
      bytes += Buffer.byteLength(row.message);
      if (entries.length === options.limit || (entries.length > 0 && bytes > maxBytes)) {
        more = true;
        break;
      }
      entries.push(toEntry(row, rewinds));
    }
    const last = entries.at(-1);
    return more && last !== undefined ? { entries, nextSeq: last.seq } : { entries };
  }

  /**
   * The export's rows after `afterSeq`, in order, recorded at `upToRevision` or before, up to
   * `maxBytes` of their stored JSON (at least one row): one step of an export written as it is
   * read. `nextSeq` continues it; absent on the last step. The entry is `undefined` for a message
   * the export leaves out.
   */
  exportStep(
    sessionId: string,
    options: { afterSeq: number; upToRevision: number; maxBytes: number },
  ): ExportStep {
    const rows: ExportStep['rows'] = [];
    let bytes = 0;
    for (const row of this.statements.exportStep.iterate(
      sessionId,
      options.afterSeq,
      options.upToRevision,
    )) {
      const entry = exportEntry(row);
      rows.push({ id: entry?.id ?? row.id, entry, redactions: row.export_redactions });
      bytes += Buffer.byteLength(row.export_entry ?? row.message);
      if (bytes >= options.maxBytes) return { rows, nextSeq: row.seq };
    }
    return { rows };
  }

  /** One entry, whole, by message id; `undefined` when unknown or hidden from the transcript. */
  transcriptEntry(sessionId: string, messageId: string): TranscriptEntry | undefined {
    const row = this.statements.byId.get(sessionId, messageId);
    return row === undefined ? undefined : toEntry(row, this.rewinds(sessionId));
  }

  /**
   * The revision at which a message on the session's current line was recorded, by the id the
   * views show it under (`<id>#n` for a reused id); `undefined` when unknown or rewound.
   */
  revisionOfMessage(sessionId: string, messageId: string): number | undefined {
    return this.statements.revisionOf.get(sessionId, messageId, sessionId)?.revision;
  }

  /** Ids of the session's messages a rewind undid (off its current line), as the views store them. */
  rewoundIds(sessionId: string): Set<string> {
    return new Set(this.statements.rewoundIds.all(sessionId, sessionId).map((row) => row.id));
  }

  /** The ranges of the session's rewinds (`rm_rewinds`), to mark the rows they undid. */
  private rewinds(sessionId: string): RewoundRange[] {
    return this.statements.rewinds.all(sessionId);
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
    const rewinds = this.rewinds(sessionId);
    const changed = this.statements.changed
      .all(sessionId, cursor.afterRevision, cursor.afterSeq)
      .map((row) => toEntry(row, rewinds));
    const added = this.statements.page
      .all(sessionId, cursor.afterSeq, Number.MAX_SAFE_INTEGER)
      .map((row) => toEntry(row, rewinds));
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

/** What the reader asks of a statement over `rm_messages`. */
interface Rows<P extends unknown[]> {
  all(...params: P): EntryRow[];
  get(...params: P): EntryRow | undefined;
  iterate(...params: P): IterableIterator<EntryRow>;
}

/**
 * The statement, each row it returns compared with its checksum first: a row that does not
 * match throws `ReadModelRowDamagedError` rather than being served. `check: false`: as it is.
 */
function checkedRows<P extends unknown[]>(
  statement: Statement<P, EntryRow>,
  check: boolean,
): Rows<P> {
  if (!check) return statement;
  const checked = (row: EntryRow): EntryRow => {
    if (!messageRowIntact(row)) throw new ReadModelRowDamagedError(row.session_id, row.seq);
    return row;
  };
  return {
    all: (...params) => statement.all(...params).map(checked),
    get: (...params) => {
      const row = statement.get(...params);
      return row === undefined ? undefined : checked(row);
    },
    *iterate(...params) {
      for (const row of statement.iterate(...params)) yield checked(row);
    },
  };
}

function toEntry(row: EntryRow, rewinds: readonly RewoundRange[] = []): TranscriptEntry {
  const message = readOwnJson<RuntimeMessage>(row.message);
  return {
    seq: row.seq,
    revision: row.changed_revision,
    message: transcriptMessage(message, row.seq),
    ...(isRewound(row.revision, rewinds) ? { rewound: true as const } : {}),
  };
}

/** The revisions one rewind took off the line: after `to_revision`, before `before_revision`. */
interface RewoundRange {
  to_revision: number;
  before_revision: number;
}

/** Whether a row recorded at `revision` was undone by a rewind (`rm_rewinds`). */
function isRewound(revision: number, rewinds: readonly RewoundRange[]): boolean {
  return rewinds.some((range) => revision > range.to_revision && revision < range.before_revision);
}

function transcriptMessage(message: RuntimeMessage, seq: number): TranscriptMessage {
  const [entry] = projectToTranscript([message], RENDER_CONTEXT).messages;
  if (entry === undefined) throw new Error(`Transcript row ${seq} holds a hidden message.`);
  return entry;
}

/** An export of no message: what `countExportRow` adds to. */
export function emptyExport(): ExportProjectionResult {
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
  if (entry !== undefined) result.messages.push(entry);
  // A message the export shows goes by its id there (a secret used as an id is redacted).
  countExportRow(result.diagnostics, {
    id: entry?.id ?? row.id,
    entry,
    redactions: row.export_redactions,
  });
}

/**
 * What a row of the export adds to its diagnostics: its id as hidden when the export leaves it
 * out, its redactions. For a caller writing the export one step at a time (`exportStep`).
 */
export function countExportRow(
  diagnostics: ExportProjectionResult['diagnostics'],
  row: ExportStep['rows'][number],
): void {
  if (row.entry === undefined) {
    diagnostics.hiddenMessageIds.push(row.id);
  } else if (row.redactions > 0) {
    diagnostics.redactionCount += row.redactions;
    diagnostics.redactedMessageIds.push(row.id);
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
