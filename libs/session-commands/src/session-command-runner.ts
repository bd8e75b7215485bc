import {
  AppendTooLargeError,
  WrongExpectedRevisionError,
  type AppendResult,
  type RecordedEvent,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from '@agent-ledger/event-store';
import {
  currentLine,
  DEFAULT_TENANT,
  SESSION_EVENT_SCHEMA_VERSION,
  sessionKeyOf,
  sessionStreamName,
  type SessionEvent,
  type SessionEventMetadata,
} from '@agent-ledger/events';
import {
  decideRewind,
  decideSession,
  forkEventId,
  forkSessionEvents,
  type ForkSource,
  type RewindTarget,
  evolveSession,
  initialSessionState,
  restoreSessionState,
  sessionEventId,
  sessionIncarnation,
  SessionRuleError,
  snapshotSessionState,
  type SessionCommand,
  type SessionState,
} from '@agent-ledger/sessions';
import type { DeciderSnapshotStore } from './decider-snapshots';
import { ForkTargetExistsError, ForkTooLargeError } from './fork-errors';
import { KeyedMutex } from './keyed-mutex';
import { LruCache } from './lru-cache';
import { toSessionEvent } from './to-session-event';
import { WriteContendedError } from './write-contended.error';

/**
 * How often a command without `expectedRevision` is decided and appended, another writer having
 * won each time before: a node whose cache is current appends in one round trip while the one
 * that lost reads the newer events first, so under steady writes through several nodes a loser
 * can lose several times in a row (5 were seen not to be enough for 16 clients over two nodes).
 */
const MAX_ATTEMPTS_ON_LATEST = 30;

/**
 * The pause before the next attempt after `lost` lost races: a random part of up to
 * 2^lost ms, at most 100 ms, so that two nodes that keep losing to each other stop meeting in
 * step and the loser's read and append fit between the winner's appends.
 */
function jitteredBackoffMs(lost: number): number {
  return Math.random() * Math.min(100, 2 ** lost);
}

/** What every session command answers: where the session's stream now is. */
export interface SessionCommandResult {
  sessionId: string;
  /** Revision of the stream's last event (what to send as `expectedRevision` next); -1: no stream. */
  revision: number;
  /** Global position of the stream's last event (for read-your-writes queries); -1: no stream. */
  position: number;
}

/** What a rewind answers: where the stream now is, the revision it went back to, what it undid. */
export interface RewindResult extends SessionCommandResult {
  toRevision: number;
  /** Ids of the messages the rewind undid (empty for a rewind that undid nothing: a retry). */
  rewoundMessageIds: string[];
}

/** What a fork answers: the new session's stream, and where it was forked from. */
export interface ForkResult extends SessionCommandResult {
  forkedFrom: { sessionId: string; revision: number };
}

/** A fork to run: the new session, its source (the tenant's session id) and the revision asked for. */
export interface ForkRequest {
  sessionId: string;
  sourceSessionId: string;
  /** The revision asked for; `undefined`: the source's head (a retry then answers the fork already made). */
  atRevision?: number;
}

/** What a fork carries, found by the caller (it reads the source's model context window). */
export interface ForkCarry {
  source: ForkSource;
  events: SessionEvent[];
}

/**
 * Who writes: the tenant whose session the command addresses (its stream is the session key's,
 * `sessionKeyOf`) and the API key of the request (`null`: an open server, an import from the CLI),
 * recorded in every event's metadata.
 */
export interface SessionWriter {
  tenant: string;
  keyId: string | null;
}

/** The writer of an open server: the default tenant, no key. */
export const OPEN_WRITER: SessionWriter = Object.freeze({ tenant: DEFAULT_TENANT, keyId: null });

/**
 * Decider snapshots are taken of sessions of at least this many events, every this many events
 * (and at shutdown or when one leaves the cache): a cold start folds fewer than this many.
 */
const SNAPSHOT_EVERY = 250;

/** A session's decider state as of a stream revision. */
interface CachedSession {
  state: SessionState;
  revision: number;
  position: number;
  /** Id of the event at `revision` (what a snapshot is validated by); unknown before any. */
  eventId?: string | undefined;
  /** Revision of the last snapshot stored or restored; -1: none. */
  snapshotRevision: number;
  /** The stream's metadata (`JSON.stringify`) when the state was last folded from the log. */
  metadata?: string;
  /** The stream's life (`sessionIncarnation`): part of its events' ids. */
  incarnation: number;
}

export interface SessionCommandRunnerOptions {
  /** Sessions whose state is kept between commands. */
  cacheSize: number;
  /** ISO-8601 "now", given to the decider. */
  clock: () => string;
  /** Where decider snapshots of long sessions are kept across restarts; none: always fold the log. */
  snapshots?: DeciderSnapshotStore;
  /**
   * Told the position of each append as it is answered: the server records it for
   * read-your-writes and notes that the disk takes writes again.
   */
  onAppended?: (position: number) => void;
  /**
   * Whether the session `key` is being erased (its `ErasureRequested` is durable, its receipt not
   * yet written): a command on it is refused as not found, so nothing is written into a stream
   * the erasure is taking away.
   */
  isErasing?: (key: string) => boolean;
  /**
   * Milliseconds to wait before attempt `lost + 1` of a command without `expectedRevision` that
   * lost `lost` races. Default: a random pause of up to min(100, 2^lost) ms.
   */
  backoffMs?: (lost: number) => number;
}

/**
 * The write side's one loop, shared by every command handler: load the session's state, decide,
 * append with the expected revision.
 *
 * Loading does not re-read a long session on every command: the state of recently used sessions
 * is kept (LRU) with the revision it reflects, and a command on a cached session is decided on it
 * at once (see `runExclusive`); when the store says the stream has moved on, only the events
 * after the cached revision are folded in. Commands on one session run one at a time in this
 * process, so the cached state is never folded twice; another writer (a second server) is caught
 * by the expected revision: without `expectedRevision` the command is decided again on the
 * newer state, with one its `WrongExpectedRevisionError` reaches the client as 409.
 *
 * Without `expectedRevision`, the append expects the revision the state was decided on, so a
 * decision is never written over events it did not see.
 *
 * A cold start (after a restart, or for a session that left the cache) does not fold a long
 * stream from its start either: the state of sessions past `SNAPSHOT_EVERY` events is
 * snapshotted every `SNAPSHOT_EVERY` events, at shutdown and on eviction, with the revision,
 * position and id of its last event; a snapshot is used only when the log still has that very
 * event there (else it is dropped), and the events after it are folded in as usual.
 */
export class SessionCommandRunner {
  private readonly cache: LruCache<string, CachedSession>;
  private readonly mutex = new KeyedMutex();

  constructor(
    private readonly store: EventStore,
    private readonly options: SessionCommandRunnerOptions,
  ) {
    this.cache = new LruCache(options.cacheSize, (key, session) => this.snapshot(key, session, 1));
  }

  /**
   * Forgets the session `key` (an erasure): its cached state and its decider snapshot go, after
   * the command running on it (if any) is done, and without the snapshot a cache eviction would
   * take. The next command on the key loads it from the log afresh.
   */
  forget(key: string): Promise<void> {
    return this.mutex.runExclusive(key, () => {
      this.cache.delete(key);
      this.options.snapshots?.erase(key);
      return Promise.resolve();
    });
  }

  /** Snapshots every cached session with events since its last snapshot, and closes the snapshots. */
  onApplicationShutdown(): void {
    for (const [key, session] of this.cache) this.snapshot(key, session, 1);
    this.options.snapshots?.close();
  }

  /**
   * Runs `command`. `expectedRevision` (-1: the session must not exist yet) makes the append
   * conditional on what the client last saw. A command that is already satisfied (a retry)
   * appends nothing and succeeds whatever `expectedRevision` says.
   */
  run(
    command: SessionCommand,
    expectedRevision?: number,
    writer: SessionWriter = OPEN_WRITER,
  ): Promise<SessionCommandResult> {
    const target = { key: sessionKeyOf(writer.tenant, command.sessionId), writer };
    if (this.options.isErasing?.(target.key) === true) {
      return Promise.reject(
        new SessionRuleError(
          'SessionNotFound',
          `Session "${command.sessionId}" is being erased; once its erasure is done, a session with this id can be started again.`,
        ),
      );
    }
    return this.mutex.runExclusive(target.key, () =>
      expectedRevision === undefined
        ? this.runOnLatest(command, target)
        : this.runExclusive(command, expectedRevision, target),
    );
  }

  /**
   * A command without `expectedRevision` asked for no race to lose: when another writer (a second
   * server) moves the stream between the read and the append, it is decided again on the new
   * state and appended after it, up to `MAX_ATTEMPTS_ON_LATEST` times with a short random pause
   * between; it never answers `WrongExpectedRevisionError` (a revision the caller did not send),
   * but `WriteContendedError` (retry later) when every attempt lost.
   */
  private async runOnLatest(
    command: SessionCommand,
    target: CommandTarget,
  ): Promise<SessionCommandResult> {
    const backoffMs = this.options.backoffMs ?? jitteredBackoffMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        // The first attempt trusts the cached state; a retry asks the store what it missed.
        return await this.runExclusive(command, undefined, target, attempt === 1);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS_ON_LATEST) {
          throw new WriteContendedError(command.sessionId, attempt);
        }
      }
      const pause = attempt === 1 ? 0 : backoffMs(attempt - 1);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Decides `command` on the session's state and appends what it decided. With `trustCache`, a
   * cached state is decided on without asking the store for the stream's revision first (a
   * lookup on every command, and nearly always the revision this process appended last): the
   * append expects the cached revision, so a decision on a state another writer has moved is
   * refused by the store and, without `expectedRevision`, decided again after a checked load.
   * The two outcomes that append nothing (a retry already satisfied, a broken rule) are
   * answered only after that check, so their revision and their verdict are the stream's own.
   */
  private async runExclusive(
    command: SessionCommand,
    clientExpectedRevision: number | undefined,
    { key, writer }: CommandTarget,
    trustCache = true,
  ): Promise<SessionCommandResult> {
    const { sessionId } = command;
    const streamName = sessionStreamName(key);
    const cached = trustCache ? this.cache.get(key) : undefined;
    const unchecked =
      cached !== undefined &&
      (clientExpectedRevision === undefined || clientExpectedRevision === cached.revision);
    let session = unchecked ? cached : await this.load(key, streamName);
    let events = unchecked ? this.tryDecide(command, session) : undefined;
    if (events === undefined || events.length === 0) {
      if (unchecked) session = await this.load(key, streamName);
      events = this.decide(
        command,
        session,
        clientExpectedRevision ?? session.revision,
        streamName,
      );
    }
    const expectedRevision = clientExpectedRevision ?? session.revision;
    if (events.length === 0) {
      return { sessionId, revision: session.revision, position: session.position };
    }
    if (!unchecked && expectedRevision !== session.revision) {
      // Decided on the stream as read, which is not where the caller saw it: refused here, not
      // left to the store, which on EventStoreDB takes the last revision of an erased
      // (soft-deleted) stream and would start the new session under the caller's stale view.
      throw wrongRevision(streamName, expectedRevision, session.revision);
    }

    const metadata: SessionEventMetadata = {
      schemaVersion: SESSION_EVENT_SCHEMA_VERSION,
      ...(writer.keyId === null ? {} : { keyId: writer.keyId }),
    };
    const lineEpoch = session.state.lineEpoch;
    const toAppend = events.map((event): EventToAppend => ({
      id: sessionEventId(key, event, { lineEpoch, incarnation: session.incarnation }),
      type: event.type,
      data: event.data,
      metadata: { ...metadata },
    }));
    let result: AppendResult;
    try {
      result = await this.store.append(streamName, toAppend, {
        expectedRevision: asExpectedRevision(expectedRevision),
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Another writer moved the stream. The cached state is still exact for the revision it
      // says it reflects (a stream only grows), so a decision on it is taken again on the
      // stream's state, folding in just the newer events: without `expectedRevision` by
      // `runOnLatest`, with one here, so that a retry the stream already satisfies succeeds
      // (and any other command meets the conflict) exactly as after a checked load. After a
      // checked decision, start afresh rather than trust the cache.
      if (!unchecked) {
        this.cache.delete(key);
        throw error;
      }
      if (clientExpectedRevision === undefined) throw error;
      return this.runExclusive(command, clientExpectedRevision, { key, writer }, false);
    }
    this.options.onAppended?.(result.position);
    // The cached state stays exact either way: it says which revision it reflects, and an
    // idempotent repeat of an earlier append (another revision) is folded in on the next load.
    if (result.nextExpectedRevision === session.revision + events.length) {
      events.forEach((event) => evolveSession(session.state, event));
      session.revision = result.nextExpectedRevision;
      session.position = result.position;
      session.eventId = toAppend.at(-1)?.id;
      this.snapshot(key, session, SNAPSHOT_EVERY);
    }
    return { sessionId, revision: result.nextExpectedRevision, position: result.position };
  }

  /**
   * Rewinds a session (see `decideRewind`): reads its stream, decides on its current line, and
   * appends one `SessionRewound` expecting the head it read. A rewind that would undo nothing (a
   * retry) appends nothing and succeeds whatever `expectedRevision` says. The cached state is
   * dropped: the next command folds the line afresh.
   */
  rewind(
    command: { sessionId: string; target: RewindTarget; reason?: string },
    expectedRevision?: number,
    writer: SessionWriter = OPEN_WRITER,
  ): Promise<RewindResult> {
    const key = sessionKeyOf(writer.tenant, command.sessionId);
    return this.mutex.runExclusive(key, async () => {
      const streamName = sessionStreamName(key);
      const logged: Array<{ revision: number; event: SessionEvent; recorded: RecordedEvent }> = [];
      if ((await this.store.getStreamRevision(streamName)) !== undefined) {
        for await (const recorded of this.store.readStream(streamName)) {
          logged.push({ revision: recorded.revision, event: toSessionEvent(recorded), recorded });
        }
      }
      const head = logged.at(-1)?.recorded;
      const decision = decideRewind(
        command.sessionId,
        logged,
        { ...command.target, ...(command.reason === undefined ? {} : { reason: command.reason }) },
        { now: this.options.clock() },
      );
      const answer = { sessionId: command.sessionId, toRevision: decision.toRevision };
      if (decision.events.length === 0 || head === undefined) {
        return {
          ...answer,
          revision: head?.revision ?? -1,
          position: head?.position ?? -1,
          rewoundMessageIds: [],
        };
      }
      if (expectedRevision !== undefined && expectedRevision !== head.revision) {
        throw wrongRevision(streamName, expectedRevision, head.revision);
      }
      const toAppend = decision.events.map((event) => ({
        id: sessionEventId(key, event),
        type: event.type,
        data: event.data,
        metadata: { ...eventMetadata(writer) },
      }));
      this.cache.delete(key);
      const result = await this.store.append(streamName, toAppend, {
        expectedRevision: head.revision,
      });
      this.options.onAppended?.(result.position);
      return {
        ...answer,
        revision: result.nextExpectedRevision,
        position: result.position,
        rewoundMessageIds: decision.rewoundMessageIds,
      };
    });
  }

  /**
   * Forks a session: one append to the new session's stream (expecting none) of a
   * `SessionStarted` naming the source and revision, then the events the source's model context
   * at that revision needs (`carry`, called only when the new stream does not exist), with ids
   * derived from the new session, the source and the revision (`forkEventId`), so that a retried
   * fork appends nothing and answers the fork already made. A new session id taken by anything
   * else is refused (`ForkTargetExistsError`); carried events over one append's limit too
   * (`ForkTooLargeError`).
   */
  fork(
    request: ForkRequest,
    carry: () => Promise<ForkCarry>,
    writer: SessionWriter = OPEN_WRITER,
  ): Promise<ForkResult> {
    const key = sessionKeyOf(writer.tenant, request.sessionId);
    const sourceKey = sessionKeyOf(writer.tenant, request.sourceSessionId);
    return this.mutex.runExclusive(key, async () => {
      const streamName = sessionStreamName(key);
      const existing = await this.existingFork(streamName, request);
      if (existing !== undefined) return existing;
      const { source, events: carried } = await carry();
      const events = forkSessionEvents(request.sessionId, source, carried, this.options.clock());
      const toAppend = events.map((event, index) => ({
        id: forkEventId(key, sourceKey, source.revision, index),
        type: event.type,
        data: event.data,
        metadata: { ...eventMetadata(writer) },
      }));
      this.cache.delete(key);
      let result: AppendResult;
      try {
        result = await this.store.append(streamName, toAppend, { expectedRevision: 'no_stream' });
      } catch (error) {
        if (error instanceof AppendTooLargeError) {
          throw new ForkTooLargeError(request.sessionId, error.size, error.limit);
        }
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const raced = await this.existingFork(streamName, request);
        if (raced !== undefined) return raced;
        throw error;
      }
      this.options.onAppended?.(result.position);
      return {
        sessionId: request.sessionId,
        revision: result.nextExpectedRevision,
        position: result.position,
        forkedFrom: { sessionId: request.sourceSessionId, revision: source.revision },
      };
    });
  }

  /**
   * The fork already made for `request` (its stream's first event names the same source, and the
   * same revision when one was asked for), `undefined` when the stream does not exist; a stream
   * that is anything else is refused.
   */
  private async existingFork(
    streamName: string,
    request: ForkRequest,
  ): Promise<ForkResult | undefined> {
    const revision = await this.store.getStreamRevision(streamName);
    if (revision === undefined) return undefined;
    let last: RecordedEvent | undefined;
    for await (const recorded of this.store.readStream(streamName, {
      direction: 'backwards',
      fromRevision: 'end',
      maxCount: 1,
    })) {
      last = recorded;
    }
    for await (const recorded of this.store.readStream(streamName, { maxCount: 1 })) {
      const event = toSessionEvent(recorded);
      const forkedFrom = event.type === 'SessionStarted' ? event.data.forkedFrom : undefined;
      if (
        forkedFrom !== undefined &&
        forkedFrom.sessionId === request.sourceSessionId &&
        (request.atRevision === undefined || forkedFrom.revision === request.atRevision)
      ) {
        return {
          sessionId: request.sessionId,
          revision: last?.revision ?? revision,
          position: last?.position ?? recorded.position,
          forkedFrom,
        };
      }
    }
    throw new ForkTargetExistsError(request.sessionId, request.sourceSessionId);
  }

  /** The decider's events for `command` on `session`, or `undefined` for a broken rule. */
  private tryDecide(command: SessionCommand, session: CachedSession): SessionEvent[] | undefined {
    try {
      return decideSession(command, session.state, { now: this.options.clock() });
    } catch (error) {
      if (error instanceof SessionRuleError) return undefined;
      throw error;
    }
  }

  /** The decider's events for `command` on `session`, checked against the stream's revision. */
  private decide(
    command: SessionCommand,
    session: CachedSession,
    expectedRevision: number,
    streamName: string,
  ): SessionEvent[] {
    try {
      return decideSession(command, session.state, { now: this.options.clock() });
    } catch (error) {
      // A client deciding on a stale view should re-read, not fix a rule it may not break.
      if (error instanceof SessionRuleError && expectedRevision !== session.revision) {
        throw wrongRevision(streamName, expectedRevision, session.revision);
      }
      throw error;
    }
  }

  /** The state of the session `key` at its stream's current revision: the cache plus the newer events. */
  private async load(key: string, streamName: string): Promise<CachedSession> {
    const current = await this.store.getStreamRevision(streamName);
    const cached = this.cache.get(key);
    if (current === undefined) {
      // A stream with no metadata has `{}`; had it any (a soft deletion, an erasure), its
      // recreation changes it, and the next load folds the stream afresh. An erased stream's
      // metadata says which life the new one starts.
      const metadata = await this.store.getStreamMetadata(streamName);
      const session: CachedSession = {
        state: initialSessionState(),
        revision: -1,
        position: -1,
        snapshotRevision: -1,
        metadata: JSON.stringify(metadata),
        incarnation: sessionIncarnation(metadata),
      };
      this.cache.set(key, session);
      return session;
    }
    if (cached !== undefined && cached.revision === current) return cached;

    // Fold into the cached state in place, the revision moving with each event: if reading stops
    // half-way, the entry still says exactly which events it reflects. Taken up only under the
    // metadata it was folded under: a stream truncated, or deleted and recreated by another
    // writer, has other metadata (`docs/event-store.md`, what a store may do to a stream).
    const storedMetadata = await this.store.getStreamMetadata(streamName);
    const metadata = JSON.stringify(storedMetadata);
    const session =
      cached !== undefined && cached.revision < current && cached.metadata === metadata
        ? cached
        : ((await this.restore(key, streamName, current)) ?? {
            state: initialSessionState(),
            revision: -1,
            position: -1,
            snapshotRevision: -1,
            incarnation: 0,
          });
    session.metadata = metadata;
    session.incarnation = sessionIncarnation(storedMetadata);
    this.cache.set(key, session);
    for await (const recorded of this.store.readStream(streamName, {
      fromRevision: session.revision + 1,
    })) {
      const event = toSessionEvent(recorded);
      if (event.type === 'SessionRewound') {
        return this.refold(key, streamName, metadata, session.incarnation);
      }
      evolveSession(session.state, event);
      session.revision = recorded.revision;
      session.position = recorded.position;
      session.eventId = recorded.id;
    }
    this.snapshot(key, session, SNAPSHOT_EVERY);
    return session;
  }

  /**
   * The state of a session with a rewind after what was cached (or snapshotted): folded afresh
   * from the whole log, along its current line (`currentLine`), so that what a rewind undid is
   * not in it. A rewind is rare; its cost is one read of the stream.
   */
  private async refold(
    key: string,
    streamName: string,
    metadata: string,
    incarnation: number,
  ): Promise<CachedSession> {
    const logged: Array<{ revision: number; event: SessionEvent; recorded: RecordedEvent }> = [];
    for await (const recorded of this.store.readStream(streamName)) {
      logged.push({ revision: recorded.revision, event: toSessionEvent(recorded), recorded });
    }
    const state = initialSessionState();
    for (const { event } of currentLine(logged)) evolveSession(state, event);
    const last = logged.at(-1)?.recorded;
    const session: CachedSession = {
      state,
      revision: last?.revision ?? -1,
      position: last?.position ?? -1,
      eventId: last?.id,
      snapshotRevision: -1,
      metadata,
      incarnation,
    };
    this.options.snapshots?.delete(key);
    this.cache.set(key, session);
    this.snapshot(key, session, SNAPSHOT_EVERY);
    return session;
  }

  /**
   * The stored snapshot of session `key`, when the log (at revision `current` now) still has the
   * event it was taken at, at the same revision and position; any other snapshot is deleted.
   */
  private async restore(
    key: string,
    streamName: string,
    current: number,
  ): Promise<CachedSession | undefined> {
    const snapshots = this.options.snapshots;
    const stored = snapshots?.read(key);
    if (snapshots === undefined || stored === undefined) return undefined;
    const matches = stored.revision <= current && (await this.stillHolds(streamName, stored));
    const state = matches ? restoreSessionState(stored.state) : undefined;
    if (state === undefined) {
      snapshots.delete(key);
      return undefined;
    }
    const { revision, position, eventId } = stored;
    return { state, revision, position, eventId, snapshotRevision: revision, incarnation: 0 };
  }

  /** Whether the log still has, at `revision`, the event a snapshot was taken at (same id and position). */
  private async stillHolds(
    streamName: string,
    folded: { revision: number; position: number; eventId: string },
  ): Promise<boolean> {
    for await (const recorded of this.store.readStream(streamName, {
      fromRevision: folded.revision,
      maxCount: 1,
    })) {
      return (
        recorded.revision === folded.revision &&
        recorded.position === folded.position &&
        recorded.id === folded.eventId
      );
    }
    return false;
  }

  /**
   * Stores a snapshot of `session` when it is long enough to be worth one and has at least
   * `newEvents` events since its last. A failed write loses only the snapshot.
   */
  private snapshot(key: string, session: CachedSession, newEvents: number): void {
    const { snapshots } = this.options;
    const { eventId, revision, position } = session;
    if (snapshots === undefined || eventId === undefined || revision + 1 < SNAPSHOT_EVERY) return;
    if (revision - session.snapshotRevision < newEvents) return;
    try {
      snapshots.write(key, {
        revision,
        position,
        eventId,
        state: snapshotSessionState(session.state),
      });
      session.snapshotRevision = revision;
    } catch {
      // The log is the truth: without a snapshot the next cold start folds more of it.
    }
  }
}

/** The session key a command runs on, and who wrote it. */
interface CommandTarget {
  key: string;
  writer: SessionWriter;
}

function eventMetadata(writer: SessionWriter): SessionEventMetadata {
  return {
    schemaVersion: SESSION_EVENT_SCHEMA_VERSION,
    ...(writer.keyId === null ? {} : { keyId: writer.keyId }),
  };
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
