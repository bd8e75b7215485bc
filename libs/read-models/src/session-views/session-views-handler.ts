import {
  handleSessionEvent,
  type SessionEventHandlers,
  type SessionLogEvent,
} from '@agent-ledger/events';
import { SECRET_RULES_VERSION } from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ErasedSession, ProjectionHandler } from '../runner/projection-handler';
import { applyPruningMark } from './apply-pruning-mark';
import { exportRedaction, type ExportPolicy } from './export-policy';
import { recordMessage } from './record-message';
import {
  RETIRED_SESSION_VIEWS_TABLES,
  SESSION_VIEWS_SCHEMA_SQL,
  SESSION_VIEWS_TABLES,
} from './session-views-schema';
import type { ExportSettings } from './message-views';
import { SessionViewsStore } from './session-views-store';
import { messageRowIntact, CHECKED_MESSAGE_COLUMNS, type MessageRowValues } from './row-checksum';

/** Bump when the tables or the way rows are derived change: stored read models are then rebuilt. */
const SCHEMA_VERSION = 7;

/**
 * Maintains the transcript, export and debug read models of every session: normalizes each event
 * incrementally (`rm_messages`, `rm_repairs`, the pairing state) and writes the transcript and
 * export rows of exactly the messages the event added or changed. A new message adds its rows; a
 * pruning mark rewrites the rows of the tool results it names; nothing else changes earlier rows.
 */
export class SessionViewsHandler implements ProjectionHandler {
  readonly name = 'session-views';
  readonly version: string;
  private readonly exportSettings: ExportSettings;
  private store: SessionViewsStore | undefined;
  /** Sessions a row of which was found damaged while applying events (`takeDamagedSessions`). */
  private readonly damaged = new Set<string>();

  constructor(
    private readonly db: ReadModelDatabase,
    readonly exportPolicy: ExportPolicy = {},
  ) {
    // The redaction rules are part of how export rows are derived: new rules rebuild them.
    this.version = `${SCHEMA_VERSION}:${SECRET_RULES_VERSION}:${JSON.stringify(normalizedPolicy(exportPolicy))}`;
    this.exportSettings = {
      context: {
        sessionId: '',
        activeAgentName: '',
        includeReasoning: exportPolicy.includeReasoning === true,
      },
      options: exportRedaction(exportPolicy),
    };
  }

  setUp(): void {
    this.db.exec(SESSION_VIEWS_SCHEMA_SQL);
    this.store = new SessionViewsStore(this.db, (sessionId) => this.damaged.add(sessionId));
  }

  drop(): void {
    for (const table of [...SESSION_VIEWS_TABLES, ...RETIRED_SESSION_VIEWS_TABLES]) {
      this.db.exec(`DROP TABLE IF EXISTS ${table}`);
    }
    this.store = undefined;
  }

  apply(logged: SessionLogEvent): void {
    const store = this.ready();
    try {
      this.applyTo(store, logged);
    } catch (error) {
      // The runner rolls this event's writes back: what was cached of them must go too.
      store.forgetCached();
      throw error;
    }
  }

  /** Deletes every row of the session (`ProjectionRunner.repairSession` then applies its events again). */
  dropSession(sessionId: string): void {
    this.store?.forgetCached();
    for (const table of SESSION_VIEWS_TABLES) {
      this.db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run(sessionId);
    }
  }

  /** An erasure: every row of the sessions goes, whatever the action (each holds content). */
  eraseSessions(sessions: readonly ErasedSession[]): void {
    for (const { sessionKey } of sessions) {
      this.dropSession(sessionKey);
      this.damaged.delete(sessionKey);
    }
  }

  /**
   * The sessions whose rows were found damaged while events were applied since the last call: what
   * was derived from a damaged row is damaged too (with a checksum that matches), so the runner
   * repairs the whole session after the batch.
   */
  takeDamagedSessions(): string[] {
    const sessions = [...this.damaged];
    this.damaged.clear();
    return sessions;
  }

  /**
   * The sweep: checks up to `limit` rows of `rm_messages` after `afterRowid` against their
   * checksums, in rowid order; returns the sessions of the damaged ones and where to go on from
   * (`null`: the end of the table was reached).
   */
  checkRows(afterRowid: number, limit: number): { damagedSessions: string[]; next: number | null } {
    this.ready();
    const rows = this.db
      .prepare<[number, number], MessageRowValues & { checksum: number; rowid: number }>(
        `SELECT rowid, ${CHECKED_MESSAGE_COLUMNS} FROM rm_messages WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .all(afterRowid, limit);
    const damagedSessions = new Set<string>();
    for (const row of rows) if (!messageRowIntact(row)) damagedSessions.add(row.session_id);
    const last = rows.at(-1);
    return {
      damagedSessions: [...damagedSessions],
      next: rows.length < limit || last === undefined ? null : last.rowid,
    };
  }

  endBatch(): void {
    this.store?.forgetCached();
  }

  abortBatch(): void {
    this.store?.forgetCached();
  }

  private applyTo(store: SessionViewsStore, logged: SessionLogEvent): void {
    handleSessionEvent(this.handlers, logged.event, store, logged);
  }

  /** What each kind of event changes; built once per handler, as it runs for every event. */
  private readonly handlers: SessionEventHandlers<
    [store: SessionViewsStore, logged: SessionLogEvent],
    void
  > = {
    SessionStarted: () => undefined,
    SessionEnded: () => undefined,
    SessionRewound: (event, _store, { sessionId, revision }) => {
      this.db
        .prepare(
          'INSERT OR IGNORE INTO rm_rewinds (session_id, to_revision, before_revision) VALUES (?, ?, ?)',
        )
        .run(sessionId, event.data.toRevision, revision);
    },
    ModelCallRecorded: () => undefined,
    ClaudeCodeEntriesRecorded: () => undefined,
    ContextOverflowRecovered: () => undefined,
    ProviderCompactionRecorded: () => undefined,
    ProviderContextEdited: () => undefined,
    ToolResultsPruned: (event, store, { sessionId, revision }) =>
      applyPruningMark(store, sessionId, event.data, revision, this.exportSettings),
    MessageRecorded: (event, store, { sessionId, revision }) =>
      recordMessage(store, event.data, revision, sessionId, this.exportSettings),
  };

  private ready(): SessionViewsStore {
    if (this.store === undefined) this.setUp();
    if (this.store === undefined) throw new Error('The session-views tables are not set up.');
    return this.store;
  }
}

function normalizedPolicy(policy: ExportPolicy): Required<ExportPolicy> {
  return {
    redactSecrets: policy.redactSecrets !== false,
    extraPatterns: policy.extraPatterns ?? [],
    includeReasoning: policy.includeReasoning === true,
  };
}
