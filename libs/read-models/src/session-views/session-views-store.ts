import type { PairingState, PruneTarget, RecordedSoFar, SessionRepair } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { SessionPairingTables, type StoredPlace } from './session-pairing-tables';

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

/** Prepared statements over the session-views tables; one instance per handler and database. */
export class SessionViewsStore {
  private readonly statements;
  /** Next `seq` of the sessions written in the current batch (saves a query per message). */
  private readonly nextSeqs = new Map<string, number>();
  private readonly pairing: SessionPairingTables;
  /** The session of the latest event's look-ups (the rebuild reads a session's events in a row). */
  private lastRecordedSoFar: StoredRecordedSoFar | undefined;

  constructor(db: ReadModelDatabase) {
    this.pairing = new SessionPairingTables(db, {
      hasId: (sessionId, id) => this.hasId(sessionId, id),
      currentMessage: (sessionId, id) => {
        const message = this.recordedMessage(sessionId, id)?.message;
        return message?.kind === 'tool_result' ? message : undefined;
      },
    });
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
    this.pairing.forgetCached();
  }

  /**
   * The messages recorded under `recordedId`, as their events recorded them: the one stored under
   * that id, unless it holds another message (a reuse renamed to it), and those renamed
   * `<recordedId>#<n>` because they reused it.
   */
  recordedVersions(sessionId: string, recordedId: string): RuntimeMessage[] {
    const exact = this.statements.byId.get(sessionId, recordedId);
    if (exact === undefined) return [];
    const rows = this.statements.renamedVersions.all(
      sessionId,
      `${recordedId}#`,
      `${recordedId}$`,
      recordedId,
    );
    if (exact.recorded_id === recordedId) rows.unshift(exact);
    return rows.map((row) => {
      const stored = toStoredMessage(row);
      return stored.recorded === null
        ? { ...stored.message, id: recordedId }
        : readOwnJson<RuntimeMessage>(stored.recorded);
    });
  }

  /**
   * What the events lib's record-once rule reads of one session (`recordMessageOnce`,
   * `pruningMarkTargets`): every stored row's id is taken, copies normalization made included.
   */
  recordedSoFar(sessionId: string): RecordedSoFar<StoredPruneTarget> {
    if (this.lastRecordedSoFar?.sessionId !== sessionId) {
      this.lastRecordedSoFar = new StoredRecordedSoFar(this, sessionId);
    }
    return this.lastRecordedSoFar;
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

  /** The pairing state of a session, for `pairMessage`. */
  pairingState(sessionId: string): PairingState<StoredPlace> {
    return this.pairing.forSession(sessionId);
  }

  addRepair(sessionId: string, repair: SessionRepair): void {
    const ordinal = this.statements.nextRepairOrdinal.get(sessionId)?.next ?? 0;
    this.statements.insertRepair.run(sessionId, ordinal, repair.revision, JSON.stringify(repair));
  }

  /** Stored repairs in the order they were found (open tool calls are reported when read). */
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

/** A pruning mark's target as the session views read it: with its row, for rewriting it. */
export type StoredPruneTarget = PruneTarget & { stored: StoredMessage };

/** {@link RecordedSoFar} over the rows of one session. */
class StoredRecordedSoFar implements RecordedSoFar<StoredPruneTarget> {
  constructor(
    private readonly store: SessionViewsStore,
    readonly sessionId: string,
  ) {}

  isTaken(id: string): boolean {
    return this.store.hasId(this.sessionId, id);
  }

  versionsRecordedAs(id: string): readonly RuntimeMessage[] {
    return this.store.recordedVersions(this.sessionId, id);
  }

  pruneTarget(id: string): StoredPruneTarget | undefined {
    const stored = this.store.recordedMessage(this.sessionId, id);
    if (stored === undefined) return undefined;
    const { kind, metadata } = stored.message;
    return { kind, pruned: metadata?.compactedAt !== undefined, stored };
  }
}
