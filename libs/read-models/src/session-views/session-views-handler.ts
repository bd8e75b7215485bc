import {
  handleSessionEvent,
  type SessionEventHandlers,
  type SessionLogEvent,
} from '@agent-ledger/events';
import { SECRET_RULES_VERSION } from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ProjectionHandler } from '../runner/projection-handler';
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

/** Bump when the tables or the way rows are derived change: stored read models are then rebuilt. */
const SCHEMA_VERSION = 5;

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
    this.store = new SessionViewsStore(this.db);
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
    ModelCallRecorded: () => undefined,
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
