import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from '@agent-ledger/event-store';
import {
  SESSION_EVENT_SCHEMA_VERSION,
  sessionStreamName,
  type SessionEvent,
} from '@agent-ledger/events';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  sessionEventId,
  SessionRuleError,
  type SessionCommand,
  type SessionState,
} from '@agent-ledger/sessions';
import { KeyedMutex } from './keyed-mutex';
import { LruCache } from './lru-cache';
import { toSessionEvent } from './to-session-event';

/** How often a command without `expectedRevision` is decided again after another writer won. */
const MAX_ATTEMPTS_ON_LATEST = 5;

/** What every session command answers: where the session's stream now is. */
export interface SessionCommandResult {
  sessionId: string;
  /** Revision of the stream's last event (what to send as `expectedRevision` next); -1: no stream. */
  revision: number;
  /** Global position of the stream's last event (for read-your-writes queries); -1: no stream. */
  position: number;
}

/** A session's decider state as of a stream revision. */
interface CachedSession {
  state: SessionState;
  revision: number;
  position: number;
}

export interface SessionCommandRunnerOptions {
  /** Sessions whose state is kept between commands. */
  cacheSize: number;
  /** ISO-8601 "now", given to the decider. */
  clock: () => string;
}

/**
 * The write side's one loop, shared by every command handler: load the session's state, decide,
 * append with the expected revision.
 *
 * Loading does not re-read a long session on every command: the state of recently used sessions
 * is kept (LRU) with the revision it reflects; a command asks the store for the stream's current
 * revision and folds in only the events after the cached one (none, when this server wrote them).
 * Commands on one session run one at a time in this process, so the cached state is never folded
 * twice; another writer (a second server) is caught by the expected revision: its
 * `WrongExpectedRevisionError` drops the cache entry and reaches the client as 409.
 *
 * Without `expectedRevision`, the append expects the revision the state was decided on, so a
 * decision is never written over events it did not see.
 */
export class SessionCommandRunner {
  private readonly cache: LruCache<string, CachedSession>;
  private readonly mutex = new KeyedMutex();

  constructor(
    private readonly store: EventStore,
    private readonly options: SessionCommandRunnerOptions,
  ) {
    this.cache = new LruCache(options.cacheSize);
  }

  /**
   * Runs `command`. `expectedRevision` (-1: the session must not exist yet) makes the append
   * conditional on what the client last saw. A command that is already satisfied (a retry)
   * appends nothing and succeeds whatever `expectedRevision` says.
   */
  run(command: SessionCommand, expectedRevision?: number): Promise<SessionCommandResult> {
    return this.mutex.runExclusive(command.sessionId, () =>
      expectedRevision === undefined
        ? this.runOnLatest(command)
        : this.runExclusive(command, expectedRevision),
    );
  }

  /**
   * A command without `expectedRevision` asked for no race to lose: when another writer (a second
   * server) moves the stream between the read and the append, it is decided again on the new
   * state and appended after it, a few times before the conflict reaches the client.
   */
  private async runOnLatest(command: SessionCommand): Promise<SessionCommandResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.runExclusive(command, undefined);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS_ON_LATEST) {
          throw error;
        }
      }
    }
  }

  private async runExclusive(
    command: SessionCommand,
    clientExpectedRevision: number | undefined,
  ): Promise<SessionCommandResult> {
    const { sessionId } = command;
    const streamName = sessionStreamName(sessionId);
    const session = await this.load(sessionId, streamName);
    const expectedRevision = clientExpectedRevision ?? session.revision;

    let events: SessionEvent[];
    try {
      events = decideSession(command, session.state, { now: this.options.clock() });
    } catch (error) {
      // A client deciding on a stale view should re-read, not fix a rule it may not break.
      if (error instanceof SessionRuleError && expectedRevision !== session.revision) {
        throw wrongRevision(streamName, expectedRevision, session.revision);
      }
      throw error;
    }
    if (events.length === 0) {
      return { sessionId, revision: session.revision, position: session.position };
    }

    const toAppend = events.map((event): EventToAppend => ({
      id: sessionEventId(sessionId, event),
      type: event.type,
      data: event.data,
      metadata: { schemaVersion: SESSION_EVENT_SCHEMA_VERSION },
    }));
    let result: AppendResult;
    try {
      result = await this.store.append(streamName, toAppend, {
        expectedRevision: asExpectedRevision(expectedRevision),
      });
    } catch (error) {
      // Another writer moved the stream: start afresh rather than trust anything cached.
      if (error instanceof WrongExpectedRevisionError) this.cache.delete(sessionId);
      throw error;
    }
    // The cached state stays exact either way: it says which revision it reflects, and an
    // idempotent repeat of an earlier append (another revision) is folded in on the next load.
    if (result.nextExpectedRevision === session.revision + events.length) {
      events.forEach((event) => evolveSession(session.state, event));
      session.revision = result.nextExpectedRevision;
      session.position = result.position;
    }
    return { sessionId, revision: result.nextExpectedRevision, position: result.position };
  }

  /** The session's state at the stream's current revision, from the cache plus the newer events. */
  private async load(sessionId: string, streamName: string): Promise<CachedSession> {
    const current = await this.store.getStreamRevision(streamName);
    const cached = this.cache.get(sessionId);
    if (current === undefined) {
      const session = { state: initialSessionState(), revision: -1, position: -1 };
      this.cache.set(sessionId, session);
      return session;
    }
    if (cached !== undefined && cached.revision === current) return cached;

    // Fold into the cached state in place, the revision moving with each event: if reading stops
    // half-way, the entry still says exactly which events it reflects.
    const session =
      cached !== undefined && cached.revision < current
        ? cached
        : { state: initialSessionState(), revision: -1, position: -1 };
    this.cache.set(sessionId, session);
    for await (const recorded of this.store.readStream(streamName, {
      fromRevision: session.revision + 1,
    })) {
      evolveSession(session.state, toSessionEvent(recorded));
      session.revision = recorded.revision;
      session.position = recorded.position;
    }
    return session;
  }
}

function asExpectedRevision(revision: number): ExpectedRevision {
  return revision < 0 ? 'no_stream' : revision;
}

function wrongRevision(
  streamName: string,
  expected: number,
  actual: number,
): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(
    streamName,
    asExpectedRevision(expected),
    actual < 0 ? 'no_stream' : actual,
  );
}
