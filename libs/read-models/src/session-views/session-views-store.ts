import type { PairingState, PruneTarget, RecordedSoFar, SessionRepair } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import {
  CHECKED_MESSAGE_COLUMNS,
  messageRowChecksum,
  messageRowIntact,
  type MessageRowValues,
} from './row-checksum';
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

/** A row of `rm_messages` as read, with its checksum. */
type MessageRow = MessageRowValues & { checksum: number };

/**
 * What a store does with a row whose checksum does not match (`row-checksum.ts`): a reader
 * throws (`ReadModelRowDamagedError`), the handler notes the session for a repair and goes on.
 */
export type OnDamagedRow = (sessionId: string, seq: number) => void;

/** Prepared statements over the session-views tables; one instance per handler and database. */
export class SessionViewsStore {
  private readonly statements;
  /** Next `seq` of the sessions written in the current batch (saves a query per message). */
  private readonly nextSeqs = new Map<string, number>();
  private readonly pairing: SessionPairingTables;
  /** The session of the latest event's look-ups (the rebuild reads a session's events in a row). */
  private lastRecordedSoFar: StoredRecordedSoFar | undefined;

  constructor(
    db: ReadModelDatabase,
    private readonly onDamagedRow: OnDamagedRow,
  ) {
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
        `SELECT ${CHECKED_MESSAGE_COLUMNS} FROM rm_messages WHERE session_id = ? AND id = ?`,
      ),
      renamedVersions: db.prepare<[string, string, string, string], MessageRow>(
        `SELECT ${CHECKED_MESSAGE_COLUMNS} FROM rm_messages
         WHERE session_id = ? AND id > ? AND id < ? AND recorded_id = ?`,
      ),
      hasId: db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM rm_messages WHERE session_id = ? AND id = ?',
      ),
      copiesOf: db.prepare<[string, string], MessageRow>(
        // Without INDEXED BY the planner walks the whole session in `seq` order (the primary key).
        `SELECT ${CHECKED_MESSAGE_COLUMNS} FROM rm_messages INDEXED BY rm_messages_copies
         WHERE session_id = ? AND copy_of = ? ORDER BY seq`,
      ),
      // Positional parameters: binding by name costs a property lookup each (a few % of a rebuild).
      insertMessage: db.prepare<[...MessageColumns, checksum: number]>(
        `INSERT INTO rm_messages (session_id, seq, id, recorded_id, recorded, copy_of, revision,
           changed_revision, kind, message, in_transcript, export_state, export_redactions,
           export_entry, checksum)
         VALUES (?, ?, ?, ?, rm_pack(?), ?, ?, ?, ?, rm_pack(?), ?, ?, ?, rm_pack(?), ?)`,
      ),
      updateMessage: db.prepare<MessageRow>(
        `UPDATE rm_messages SET message = rm_pack(@message), recorded = rm_pack(@recorded),
           changed_revision = @changed_revision, in_transcript = @in_transcript,
           export_state = @export_state, export_redactions = @export_redactions,
           export_entry = rm_pack(@export_entry), checksum = @checksum
         WHERE session_id = @session_id AND seq = @seq`,
      ),
      messages: db.prepare<[string], MessageRow>(
        `SELECT ${CHECKED_MESSAGE_COLUMNS} FROM rm_messages WHERE session_id = ? ORDER BY seq`,
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
      const stored = this.toStoredMessage(row);
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
    return row === undefined || row.copy_of !== null ? undefined : this.toStoredMessage(row);
  }

  copiesOf(sessionId: string, id: string): StoredMessage[] {
    return this.statements.copiesOf.all(sessionId, id).map((row) => this.toStoredMessage(row));
  }

  insertMessage(sessionId: string, stored: StoredMessage, views: MessageViews): void {
    const row = messageRow(sessionId, stored, views);
    this.statements.insertMessage.run(
      row.session_id,
      row.seq,
      row.id,
      row.recorded_id,
      row.recorded,
      row.copy_of,
      row.revision,
      row.changed_revision,
      row.kind,
      row.message,
      row.in_transcript,
      row.export_state,
      row.export_redactions,
      row.export_entry,
      row.checksum,
    );
    this.nextSeqs.set(sessionId, stored.seq + 1);
  }

  updateMessage(sessionId: string, stored: StoredMessage, views: MessageViews): void {
    this.statements.updateMessage.run(messageRow(sessionId, stored, views));
  }

  /** Every normalized message of the session, in order. */
  messages(sessionId: string): StoredMessage[] {
    return this.statements.messages.all(sessionId).map((row) => this.toStoredMessage(row));
  }

  /** The pairing state of a session, for `pairMessage`. */
  pairingState(sessionId: string): PairingState<StoredPlace> {
    return this.pairing.forSession(sessionId);
  }

  addRepair(sessionId: string, repair: SessionRepair): void {
    const ordinal = this.statements.nextRepairOrdinal.get(sessionId)?.next ?? 0;
    this.statements.insertRepair.run(sessionId, ordinal, repair.revision, JSON.stringify(repair));
  }

  private toStoredMessage(row: MessageRow): StoredMessage {
    if (!messageRowIntact(row)) this.onDamagedRow(row.session_id, row.seq);
    return {
      seq: row.seq,
      revision: row.revision,
      recordedId: row.recorded_id,
      recorded: row.recorded,
      copyOf: row.copy_of,
      message: readOwnJson<RuntimeMessage>(row.message),
    };
  }

  /** Stored repairs in the order they were found (open tool calls are reported when read). */
  repairs(sessionId: string): SessionRepair[] {
    return this.statements.repairs
      .all(sessionId)
      .map((row) => readOwnJson<SessionRepair>(row.repair));
  }
}

/** The columns of an `rm_messages` row but its checksum, in the insert's order. */
type MessageColumns = [
  sessionId: string,
  seq: number,
  id: string,
  recordedId: string | null,
  recorded: string | null,
  copyOf: string | null,
  revision: number,
  changedRevision: number,
  kind: string,
  message: string,
  inTranscript: number,
  exportState: number,
  exportRedactions: number,
  exportEntry: string | null,
];

/** The `rm_messages` row of a stored message and its views, with its checksum. */
function messageRow(sessionId: string, stored: StoredMessage, views: MessageViews): MessageRow {
  // One object, the checksum added to it: a copy per row was a few % of a rebuild.
  const row: MessageRowValues & { checksum: number } = {
    session_id: sessionId,
    seq: stored.seq,
    id: stored.message.id,
    recorded_id: stored.recordedId,
    recorded: stored.recorded,
    copy_of: stored.copyOf,
    revision: stored.revision,
    changed_revision: views.changedRevision,
    kind: stored.message.kind,
    message: JSON.stringify(stored.message),
    in_transcript: views.inTranscript ? 1 : 0,
    export_state: views.exportState,
    export_redactions: views.exportRedactions,
    export_entry: views.exportEntry === undefined ? null : JSON.stringify(views.exportEntry),
    checksum: 0,
  };
  row.checksum = messageRowChecksum(row);
  return row;
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
