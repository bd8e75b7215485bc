import { type EventStore } from '@agent-ledger/event-store';
import {
  SESSION_STREAM_PREFIX,
  sessionStreamName,
  SessionNotFoundError,
} from '@agent-ledger/events';
import {
  listFailedEvents,
  SESSION_STREAMS_FILTER,
  SessionListReader,
  SessionViewsReader,
  type ExportPolicy,
  type ProjectionHandler,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { readModelPosition } from '../ledger/read-model-position';
import { checkpointRows } from './checkpoint-rows';
import { SessionClaims } from './session-claims';
import { startVerifyHelper, type VerifyHelper } from './verify-helper';
import type { VerifyHelperSetup } from './verify-helper-protocol';
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
  /**
   * How helper threads open the same stores (the embedded store's files): given, `threads`
   * helper threads verify the sessions at once (one per core), each claiming the next session
   * not yet taken, while this thread waits for them.
   */
  helper?: VerifyHelperSetup & { threads: number };
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
 * one they hold that the log does not, is a difference. The sessions the read models hold are
 * verified first (the store lists the sessions of the log: `listStreamsInAll`); then those of
 * the log they do not hold. Each is read and compared in turn, so memory holds one session at a
 * time (per thread). The verdicts are listed in the order of the log, then the sessions only the
 * read models hold.
 *
 * With `helper`, helper threads verify the held sessions instead, each through its own
 * connections (they start on them while this thread lists the log's sessions): a helper's read
 * transaction must see the same checkpoints as this one (every batch the runner commits moves
 * one), or it verifies nothing. This thread verifies the sessions only the log has meanwhile,
 * then waits; the sessions no helper answered (one failed, or its snapshot moved) are verified
 * here, so the verdict never depends on the helpers. Helpers rather than this thread and one
 * fewer: a helper's heap is sized for the work (`startVerifyHelper`), this thread's is Node's
 * default.
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
  const helpers: VerifyHelper[] = [];
  try {
    const position = readModelPosition(db, handlers);
    if (options.sessionId !== undefined) {
      const sessionId = options.sessionId;
      await requireSession(store, sessionId);
      return {
        position,
        sessions: [
          {
            sessionId,
            differences: await verifySession(store, db, sessionId, position, options.exportPolicy),
          },
        ],
        failedEvents: listFailedEvents(db, sessionId).length,
      };
    }
    // The sessions the read models hold are known at once: the helpers (or this thread, without
    // them) verify them; this thread first asks the store for the sessions of the log (a listing
    // of its streams, no event read).
    const stored = storedSessionIds(sessionList);
    const verdicts = new Map<string, string[]>();
    const answer = (sessionId: string, differences: string[]): void => {
      if (!verdicts.has(sessionId)) verdicts.set(sessionId, differences);
    };
    const claims = new SessionClaims();
    if (options.helper !== undefined && stored.length > 0) {
      const { threads, ...setup } = options.helper;
      const data = {
        ...setup,
        sessionIds: stored,
        position,
        exportPolicy: options.exportPolicy,
        checkpoints: checkpointRows(db),
        next: claims.buffer,
      };
      for (let thread = 0; thread < Math.min(threads, stored.length); thread += 1) {
        helpers.push(
          startVerifyHelper(data, (index, differences) => answer(stored[index] ?? '', differences)),
        );
      }
    }
    const verify = (sessionId: string) =>
      verifySession(store, db, sessionId, position, options.exportPolicy);
    const logged = await loggedSessionIds(store, position);
    const count = stored.length;
    // Without helpers, this thread verifies them all.
    for (
      let index = helpers.length === 0 ? claims.claim(count) : undefined;
      index !== undefined;
      index = claims.claim(count)
    ) {
      const sessionId = stored[index] ?? '';
      answer(sessionId, await verify(sessionId));
    }
    // Sessions of the log the read models do not hold (each differs: its rows are missing).
    const held = new Set(stored);
    for (const sessionId of logged) {
      if (!held.has(sessionId)) answer(sessionId, await verify(sessionId));
    }
    // In the order of the log, then those only the read models hold.
    const sessionIds = [...new Set([...logged, ...stored])];
    // The helpers' sessions are answered once they end (each stops when none is left to claim).
    if (verdicts.size < sessionIds.length) await Promise.all(helpers.map((helper) => helper.ended));
    for (const sessionId of sessionIds) {
      if (!verdicts.has(sessionId)) answer(sessionId, await verify(sessionId));
    }
    return {
      position,
      sessions: sessionIds.map((sessionId) => ({
        sessionId,
        differences: verdicts.get(sessionId) ?? [],
      })),
      failedEvents: listFailedEvents(db).length,
    };
  } finally {
    await Promise.all(helpers.map((helper) => helper.stop()));
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
  return streams
    .filter((stream) => stream.streamName.startsWith(SESSION_STREAM_PREFIX))
    .map((stream) => stream.streamName.slice(SESSION_STREAM_PREFIX.length));
}

/** `SessionNotFound` when the log has no such session. */
async function requireSession(store: EventStore, sessionId: string): Promise<void> {
  if ((await store.getStreamRevision(sessionStreamName(sessionId))) === undefined) {
    throw new SessionNotFoundError(sessionId);
  }
}
