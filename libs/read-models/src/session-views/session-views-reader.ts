import type { RuntimeMessage } from '@agent-ledger/messages';
import type {
  ExportMessage,
  ExportProjectionResult,
  ProjectionResult,
  TranscriptMessage,
} from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { danglingToolCallRepairs } from './dangling-tool-call-repairs';
import type { SessionRepair } from './session-repair';
import { SESSION_VIEWS_SCHEMA_SQL } from './session-views-schema';
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

interface EntryRow {
  seq: number;
  revision: number;
  id: string;
  entry: string | null;
}

/** Reads the transcript, export and debug read models written by `SessionViewsHandler`. */
export class SessionViewsReader {
  private readonly store: SessionViewsStore;
  private readonly statements;

  constructor(db: ReadModelDatabase) {
    db.exec(SESSION_VIEWS_SCHEMA_SQL);
    this.store = new SessionViewsStore(db);
    this.statements = {
      transcript: db.prepare<[string], EntryRow>(
        'SELECT seq, revision, id, entry FROM rm_transcript WHERE session_id = ? ORDER BY seq',
      ),
      transcriptPage: db.prepare<[string, number, number], EntryRow>(
        `SELECT seq, revision, id, entry FROM rm_transcript
         WHERE session_id = ? AND seq > ? AND entry IS NOT NULL ORDER BY seq LIMIT ?`,
      ),
      transcriptEntry: db.prepare<[string, string], EntryRow>(
        'SELECT seq, revision, id, entry FROM rm_transcript WHERE session_id = ? AND id = ?',
      ),
      transcriptChanges: db.prepare<[string, number], EntryRow>(
        `SELECT seq, revision, id, entry FROM rm_transcript
         WHERE session_id = ? AND revision > ? AND entry IS NOT NULL ORDER BY seq`,
      ),
      exportRows: db.prepare<[string], { id: string; entry: string | null; redactions: number }>(
        'SELECT id, entry, redactions FROM rm_export WHERE session_id = ? ORDER BY seq',
      ),
    };
  }

  /** The session's normalized runtime messages, in order (the debug view's input). */
  messages(sessionId: string): RuntimeMessage[] {
    return this.store.messages(sessionId).map((stored) => stored.message);
  }

  /** The whole transcript view, as `projectToTranscript` returns it. */
  transcript(sessionId: string): ProjectionResult<TranscriptMessage> {
    const result: ProjectionResult<TranscriptMessage> = {
      messages: [],
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
    };
    for (const row of this.statements.transcript.all(sessionId)) {
      if (row.entry === null) result.diagnostics.hiddenMessageIds.push(row.id);
      else result.messages.push(readOwnJson<TranscriptMessage>(row.entry));
    }
    return result;
  }

  /** Up to `limit` visible entries after `afterSeq` (from the start when absent). */
  transcriptPage(sessionId: string, options: { afterSeq?: number; limit: number }): TranscriptPage {
    const rows = this.statements.transcriptPage.all(
      sessionId,
      options.afterSeq ?? -1,
      options.limit + 1,
    );
    const entries = rows.slice(0, options.limit).flatMap(toEntry);
    const last = entries.at(-1);
    return rows.length > options.limit && last !== undefined
      ? { entries, nextSeq: last.seq }
      : { entries };
  }

  /** One entry, whole, by message id; `undefined` when unknown or hidden from the transcript. */
  transcriptEntry(sessionId: string, messageId: string): TranscriptEntry | undefined {
    const row = this.statements.transcriptEntry.get(sessionId, messageId);
    return row === undefined ? undefined : toEntry(row)[0];
  }

  /** Visible entries added or changed by events after `revision`, in order. */
  transcriptChangesSince(sessionId: string, revision: number): TranscriptEntry[] {
    return this.statements.transcriptChanges.all(sessionId, revision).flatMap(toEntry);
  }

  /** The whole export view, as `projectToExport` returns it under the handler's policy. */
  export(sessionId: string): ExportProjectionResult {
    const result: ExportProjectionResult = {
      messages: [],
      diagnostics: {
        hiddenMessageIds: [],
        truncatedMessageIds: [],
        injectedNotes: [],
        redactionCount: 0,
        redactedMessageIds: [],
      },
    };
    for (const row of this.statements.exportRows.all(sessionId)) {
      if (row.entry === null) {
        result.diagnostics.hiddenMessageIds.push(row.id);
        continue;
      }
      result.messages.push(readOwnJson<ExportMessage>(row.entry));
      if (row.redactions > 0) {
        result.diagnostics.redactionCount += row.redactions;
        result.diagnostics.redactedMessageIds.push(row.id);
      }
    }
    return result;
  }

  /**
   * What normalization repaired, in log order, as `normalizeSessionEvents(events,
   * { repairDanglingToolCalls: false })` reports it: the stored repairs, and a `dangling-tool-call`
   * for each call still waiting for its result.
   */
  repairs(sessionId: string): SessionRepair[] {
    const all = [
      ...this.store.repairs(sessionId),
      ...danglingToolCallRepairs(this.store.openToolCalls(sessionId)),
    ];
    // Stable: for one revision, the stored repairs come first, as normalization reports them.
    return all.sort((left, right) => left.revision - right.revision);
  }
}

function toEntry(row: EntryRow): TranscriptEntry[] {
  if (row.entry === null) return [];
  return [
    { seq: row.seq, revision: row.revision, message: readOwnJson<TranscriptMessage>(row.entry) },
  ];
}
