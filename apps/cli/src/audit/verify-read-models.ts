import { type EventStore } from '@agent-ledger/event-store';
import { SESSION_STREAM_PREFIX, sessionStreamName } from '@agent-ledger/events';
import {
  listFailedEvents,
  SESSION_STREAMS_FILTER,
  SessionListReader,
  SessionNotFoundError,
  SessionViewsReader,
  type ExportPolicy,
  type ProjectionHandler,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { readModelPosition } from '../ledger/read-model-position';
import { verifySession } from './verify-session';

/** One session's verdict: empty `differences` when its stored read models are right. */
export interface SessionVerification {
  sessionId: string;
  differences: string[];
}

/** What `verify` found. */
export interface Verification {
  /** The position of `$all` the read models have reached; only events up to it are replayed. */
  position: number | null;
  sessions: SessionVerification[];
  /** Events the read models recorded as failed and skipped (the recomputation skips them too). */
  failedEvents: number;
}

/** Options of {@link verifyReadModels}. */
export interface VerifyReadModelsOptions {
  /** Verify this session only (`SessionNotFound` when the log has none). */
  sessionId?: string;
  exportPolicy: ExportPolicy;
}

/**
 * Recomputes the read models of every session (or one) from the log in memory
 * (`computeSessionReadModels`) and compares them with the stored ones (`readSessionReadModels`),
 * difference by difference (`jsonDifferences`).
 *
 * The stored side is read in one SQLite read transaction, so a server running beside the CLI
 * cannot move the rows during the comparison; the log is replayed up to the position the
 * read models had reached in that snapshot, so events they have not processed yet are not
 * differences. Sessions are taken from both sides: a session missing from the read models, or
 * one they hold that the log does not, is a difference (the store lists the sessions of the
 * log: `listStreamsInAll`). Each is read and compared in turn, so memory holds one session at a
 * time. The verdicts are listed in the order of the log, then the sessions only the read models
 * hold.
 */
export async function verifyReadModels(
  store: EventStore,
  db: ReadModelDatabase,
  handlers: readonly ProjectionHandler[],
  options: VerifyReadModelsOptions,
): Promise<Verification> {
  // Creating missing tables is a write: do it before the read transaction starts.
  const sessionList = new SessionListReader(db);
  new SessionViewsReader(db);
  db.exec('BEGIN');
  try {
    const position = readModelPosition(db, handlers);
    const verify = (sessionId: string) =>
      verifySession(store, db, sessionId, position, options.exportPolicy);
    if (options.sessionId !== undefined) {
      const sessionId = options.sessionId;
      await requireSession(store, sessionId);
      return {
        position,
        sessions: [{ sessionId, differences: await verify(sessionId) }],
        failedEvents: listFailedEvents(db, sessionId).length,
      };
    }
    // In the order of the log, then those only the read models hold (each differs: a session of
    // the log the read models do not hold has its rows missing, and the other way round).
    const logged = await loggedSessionIds(store, position);
    const sessionIds = [...new Set([...logged, ...storedSessionIds(sessionList)])];
    const sessions: SessionVerification[] = [];
    for (const sessionId of sessionIds) {
      sessions.push({ sessionId, differences: await verify(sessionId) });
    }
    return { position, sessions, failedEvents: listFailedEvents(db).length };
  } finally {
    db.exec('COMMIT');
  }
}

function storedSessionIds(reader: SessionListReader): string[] {
  const ids: string[] = [];
  let beforePosition: number | undefined;
  for (;;) {
    const page = reader.page({
      limit: 1000,
      ...(beforePosition === undefined ? {} : { beforePosition }),
    });
    ids.push(...page.sessions.map((session) => session.sessionId));
    if (page.nextPosition === undefined) return ids;
    beforePosition = page.nextPosition;
  }
}

/**
 * The sessions with events in `$all` up to `position`, in order of their first event: the store
 * lists their streams (the embedded store from its stream index, reading no event).
 */
async function loggedSessionIds(store: EventStore, position: number | null): Promise<string[]> {
  if (position === null) return [];
  const streams = await store.listStreamsInAll({
    filter: SESSION_STREAMS_FILTER,
    toPosition: position,
  });
  return streams.map((stream) => stream.streamName.slice(SESSION_STREAM_PREFIX.length));
}

/** `SessionNotFound` when the log has no such session. */
async function requireSession(store: EventStore, sessionId: string): Promise<void> {
  if ((await store.getStreamRevision(sessionStreamName(sessionId))) === undefined) {
    throw new SessionNotFoundError(sessionId);
  }
}
