import { analyticsFactsOf, modelCallFactsOf } from '@agent-ledger/projections';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import type { ProjectionHandler } from '../runner/projection-handler';
import type { SessionLogEvent } from '../runner/session-log-event';
import { messageDigest } from '../search/message-digest';
import { pruneRecorded } from '../search/prune-recorded';
import { placedId } from '../search/placed-id';
import { ANALYTICS_SCHEMA_SQL, ANALYTICS_TABLES } from './analytics-schema';

/** Bump when the tables or the facts change: the analytics view is then rebuilt. */
const SCHEMA_VERSION = 1;

interface Statements {
  versions: { all(sessionId: string, recordedId: string): Array<{ digest: string }> };
  hasId: { get(sessionId: string, messageId: string): unknown };
  lastSeq: { get(sessionId: string): { seq: number | null } };
  insert: { run(...values: unknown[]): { changes: number } };
  target: {
    get(sessionId: string, messageId: string): { kind: string; pruned: number } | undefined;
  };
  prune: { run(sessionId: string, messageId: string): unknown };
  lastCall: { get(sessionId: string): { ordinal: number | null } };
  insertCall: { run(...values: unknown[]): unknown };
}

/**
 * Maintains the analytics view: the facts of every recorded message (a retried copy dropped, a
 * reused id renamed, as the other read models do; a pruning mark flags the results it prunes)
 * and of every model call (a `callId` recorded again is kept once). Figures are computed from
 * these rows when read, by the same pure functions as a replay.
 */
export class AnalyticsHandler implements ProjectionHandler {
  readonly name = 'analytics';
  readonly version = String(SCHEMA_VERSION);
  private statements: Statements | undefined;
  private readonly nextSeq = new Map<string, number>();

  constructor(private readonly db: ReadModelDatabase) {}

  setUp(): void {
    this.db.exec(ANALYTICS_SCHEMA_SQL);
    const db = this.db;
    this.statements = {
      versions: db.prepare(
        'SELECT digest FROM rm_analytics_messages WHERE session_id = ? AND recorded_id = ?',
      ),
      hasId: db.prepare(
        'SELECT 1 FROM rm_analytics_messages WHERE session_id = ? AND message_id = ?',
      ),
      lastSeq: db.prepare('SELECT MAX(seq) AS seq FROM rm_analytics_messages WHERE session_id = ?'),
      insert: db.prepare(
        `INSERT OR IGNORE INTO rm_analytics_messages (session_id, seq, message_id, recorded_id, digest, kind,
          created_at, pruned, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      target: db.prepare(
        'SELECT kind, pruned FROM rm_analytics_messages WHERE session_id = ? AND message_id = ?',
      ),
      prune: db.prepare(
        'UPDATE rm_analytics_messages SET pruned = 1 WHERE session_id = ? AND message_id = ?',
      ),
      lastCall: db.prepare(
        'SELECT MAX(ordinal) AS ordinal FROM rm_analytics_calls WHERE session_id = ?',
      ),
      insertCall: db.prepare(
        'INSERT OR IGNORE INTO rm_analytics_calls (session_id, ordinal, call_id, recorded_at, facts) VALUES (?, ?, ?, ?, ?)',
      ),
    } as unknown as Statements;
  }

  drop(): void {
    for (const table of ANALYTICS_TABLES) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
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

  private applyTo(statements: Statements, { event, sessionId }: SessionLogEvent): void {
    switch (event.type) {
      case 'SessionStarted':
      case 'SessionEnded':
        return;
      case 'ModelCallRecorded': {
        const ordinal = (statements.lastCall.get(sessionId).ordinal ?? -1) + 1;
        const facts = modelCallFactsOf(event.data);
        statements.insertCall.run(
          sessionId,
          ordinal,
          facts.callId,
          facts.recordedAt,
          JSON.stringify(facts),
        );
        return;
      }
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
      case 'AgentSwitchNoteRecorded': {
        const message = event.data;
        const digest = messageDigest(message);
        const seq =
          this.nextSeq.get(sessionId) ?? (statements.lastSeq.get(sessionId).seq ?? -1) + 1;
        const insert = (id: string) => {
          const { pruned: _pruned, ...facts } = analyticsFactsOf(
            id === message.id ? message : { ...message, id },
          );
          return statements.insert.run(
            sessionId,
            seq,
            id,
            message.id,
            digest,
            message.kind,
            message.createdAt,
            message.metadata?.compactedAt === undefined ? 0 : 1,
            JSON.stringify(facts),
          );
        };
        // A new id (the common case) is placed by the insert itself: no look-up before it.
        if (insert(message.id).changes === 0) {
          const id = placedId(statements, sessionId, message.id, digest);
          if (id === undefined) return;
          if (insert(id).changes === 0) throw new Error(`Message "${id}" could not be stored.`);
        }
        this.nextSeq.set(sessionId, seq + 1);
        return;
      }
      default: {
        const unreachable: never = event;
        throw new Error(`Unhandled session event ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private ready(): Statements {
    if (this.statements === undefined) this.setUp();
    if (this.statements === undefined) throw new Error('The analytics tables are not set up.');
    return this.statements;
  }
}
