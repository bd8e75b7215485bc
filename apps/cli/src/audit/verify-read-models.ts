import {
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { SESSION_STREAM_PREFIX, sessionStreamName } from '@agent-ledger/events';
import {
  computeSessionReadModels,
  jsonDifferences,
  listFailedEvents,
  readSessionReadModels,
  SESSION_STREAMS_FILTER,
  SessionListReader,
  SessionNotFoundError,
  SessionViewsReader,
  type ExportPolicy,
  type ProjectionHandler,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { readModelPosition } from '../ledger/read-model-position';

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

/**
 * Recomputes the read models of every session (or one) from the log in memory
 * (`computeSessionReadModels`) and compares them with the stored ones (`readSessionReadModels`),
 * difference by difference (`jsonDifferences`).
 *
 * The stored side is read in one SQLite read transaction, so a server running beside the CLI
 * cannot move the rows during the comparison; the log is replayed up to the position the
 * read models had reached in that snapshot, so events they have not processed yet are not
 * differences. Sessions are taken from both sides: a session missing from the read models, or
 * one they hold that the log does not, is a difference. The sessions of the log are found in one
 * pass over `$all`, then each is read and compared in turn, so memory holds one session at a time.
 */
export async function verifyReadModels(
  store: EventStore,
  db: ReadModelDatabase,
  handlers: readonly ProjectionHandler[],
  options: { sessionId?: string; exportPolicy: ExportPolicy },
): Promise<Verification> {
  // Creating missing tables is a write: do it before the read transaction starts.
  const sessionList = new SessionListReader(db);
  new SessionViewsReader(db);
  db.exec('BEGIN');
  try {
    const position = readModelPosition(db, handlers);
    if (options.sessionId !== undefined) await requireSession(store, options.sessionId);
    const sessionIds =
      options.sessionId === undefined
        ? [
            ...new Set([
              ...(await loggedSessionIds(store, position)),
              ...storedSessionIds(sessionList),
            ]),
          ]
        : [options.sessionId];
    const sessions: SessionVerification[] = [];
    for (const sessionId of sessionIds) {
      const expected = computeSessionReadModels(
        sessionId,
        await sessionEvents(store, sessionId, position),
        { exportPolicy: options.exportPolicy },
      );
      sessions.push({
        sessionId,
        differences: jsonDifferences(expected, readSessionReadModels(db, sessionId)),
      });
    }
    return {
      position,
      sessions,
      failedEvents: listFailedEvents(db, options.sessionId).length,
    };
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

/** The sessions with events in `$all` up to `position`, in order of their first event. */
async function loggedSessionIds(store: EventStore, position: number | null): Promise<string[]> {
  const ids = new Set<string>();
  if (position === null) return [];
  for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
    if (event.position > position) break;
    ids.add(event.streamName.slice(SESSION_STREAM_PREFIX.length));
  }
  return [...ids];
}

/** `SessionNotFound` when the log has no such session. */
async function requireSession(store: EventStore, sessionId: string): Promise<void> {
  if ((await store.getStreamRevision(sessionStreamName(sessionId))) === undefined) {
    throw new SessionNotFoundError(sessionId);
  }
}

/**
 * One session's events up to `position`. A stream deleted since has none: its stored read models
 * then show as differences.
 */
async function sessionEvents(
  store: EventStore,
  sessionId: string,
  position: number | null,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  if (position === null) return events;
  try {
    for await (const event of store.readStream(sessionStreamName(sessionId))) {
      if (event.position > position) break;
      events.push(event);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return events;
}
