import {
  StreamNotFoundError,
  type EventStore,
  type EventToAppend,
} from '@agent-ledger/event-store';
import {
  ERASURE_STREAM,
  SESSION_STREAM_PREFIX,
  SessionNotFoundError,
  parseLedgerEvent,
  sessionKeyOf,
  sessionStreamName,
  type ErasedSessionFacts,
  type ErasureAction,
  type ErasureRequestedEvent,
  type LedgerEvent,
} from '@agent-ledger/events';
import { ErasureIncompleteError } from './erasure-errors';
import { erasureEventId, erasureIdOf } from './erasure-ids';
import { foldErasureReceipts, type ErasureReceipt } from './erasure-receipt';
import { findSubjectStreams } from './find-subject-streams';
import { readErasedSessionFacts } from './read-erased-session-facts';

/** Who asked for an erasure (recorded in its receipt). */
export type ErasureRequester = ErasureRequestedEvent['data']['requestedBy'];

/** What `SessionErasure` needs from the process it runs in. */
export interface SessionErasureOptions {
  store: EventStore;
  /** ISO-8601 "now". */
  clock: () => string;
  /**
   * Destroys the content keys of a session stream (crypto-shredding); the number destroyed. Called
   * for every erased stream before the stream itself is erased.
   */
  destroyContentKeys: (streamName: string) => Promise<number>;
  /**
   * Drops the blob references of the session `key` of `tenant` and deletes the blobs no other
   * session refers to (`BlobStore.releaseSession`); the number deleted. Called for every erased
   * session after its stream is erased. Default: none (a process without blobs).
   */
  releaseBlobs?: (tenant: string, key: string) => Promise<number>;
  /** Makes every in-memory cache (and the decider snapshots) forget the session `key`. */
  forgetSession: (key: string) => Promise<void>;
  /**
   * Resolves once the read models have processed `$all` up to `position` (the erasure's
   * `ErasureRequested`, which makes them purge its sessions); rejects when they cannot.
   */
  awaitReadModels: (position: number) => Promise<void>;
  /**
   * Milliseconds between journaling an erasure and erasing its streams, so that the other nodes
   * on the store, which read the journal every few hundred milliseconds (`followJournal`), have
   * made their caches forget the sessions before their streams go (a node's cached state must
   * not append to an erased stream). Default 0: one node.
   */
  journalGraceMs?: number;
}

/** An erasure to run: its sessions' streams, and why. */
interface ErasurePlan {
  tenant: string;
  subjectId?: string;
  action: ErasureAction;
  reason: 'request' | 'retention';
  maxIdle?: string;
  requestedBy: ErasureRequester;
  /** The streams, with the public ids of their sessions. */
  streams: Array<{ sessionId: string; streamName: string }>;
}

/**
 * Erasure, journal first. An erasure reads the structure of its sessions (counts, digests of
 * event ids; never content), appends `ErasureRequested` to the audit stream (`ledger-erasures`):
 * from then on its sessions are "being erased" (`isErasing`: every route answers 404, a command is
 * refused). Then, per session: its content keys are destroyed, its stream erased
 * (`EventStore.eraseStream`), the caches told to forget it; then the read models are awaited
 * (their runner purges the sessions when it meets the `ErasureRequested`, on every node); last,
 * `ErasureCompleted` is appended: the receipt. Every step can run again, so an erasure left
 * without its receipt (a crash, a failed step) is finished by `recover` at start, or by the same
 * request again. Erasing what was erased answers the existing receipt.
 *
 * Erasures run one at a time in this process.
 */
export class SessionErasure {
  private readonly erasing = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Erasures this process journaled or finished (the others are followed: `followJournal`). */
  private readonly own = new Set<string>();
  /** Session keys of erasures another process runs, by erasure id, until their receipt. */
  private readonly foreign = new Map<string, string[]>();
  /** Revision of the audit stream `followJournal` has read up to (-1: none). */
  private journalRevision = -1;
  /** Whether `followJournal` has read the audit stream once (the first read only learns where it is). */
  private journalRead = false;
  private following: Promise<void> | undefined;

  constructor(private readonly options: SessionErasureOptions) {}

  /** Whether the session `key` (tenant and id, `sessionKeyOf`) is being erased now. */
  isErasing(key: string): boolean {
    return this.erasing.has(key);
  }

  /**
   * Follows the audit stream for erasures other nodes on the store (or the CLI) run. For each
   * `ErasureRequested` read that this process did not write, every cache here forgets its
   * sessions (`forgetSession`), so that no cached state appends to an erased stream, and, until
   * its `ErasureCompleted` is read, its sessions are being erased here too (404, commands
   * refused). The first call only learns where the stream is (and what is unfinished: `recover`
   * marks those). Concurrent calls share one read.
   */
  followJournal(): Promise<void> {
    this.following ??= this.readJournal().finally(() => {
      this.following = undefined;
    });
    return this.following;
  }

  private async readJournal(): Promise<void> {
    const first = !this.journalRead;
    const from = this.journalRevision;
    const read: LedgerEvent[] = [];
    try {
      for await (const recorded of this.options.store.readStream(ERASURE_STREAM, {
        fromRevision: this.journalRevision + 1,
      })) {
        this.journalRevision = recorded.revision;
        const event = parseLedgerEvent(recorded);
        if (event !== undefined) read.push(event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) {
        // Read again next time from where this read started: nothing it met is lost.
        this.journalRevision = from;
        throw error;
      }
    }
    this.journalRead = true;
    if (first) return;
    const completed = new Set(
      read.flatMap((event) => (event.type === 'ErasureCompleted' ? [event.data.erasureId] : [])),
    );
    for (const event of read) {
      const { erasureId } = event.data;
      if (this.own.has(erasureId)) continue;
      if (event.type === 'ErasureRequested') {
        const keys = event.data.sessions.map((session) => keyOfStream(session.streamName));
        if (!completed.has(erasureId)) {
          this.foreign.set(erasureId, keys);
          for (const key of keys) this.erasing.add(key);
        }
        for (const key of keys) await this.options.forgetSession(key);
      } else {
        for (const key of this.foreign.get(erasureId) ?? []) this.erasing.delete(key);
        this.foreign.delete(erasureId);
      }
    }
  }

  /**
   * At start: marks the sessions of every erasure without its receipt as being erased (resolved
   * once they are: before the server serves anything); `finished` then finishes them (a crash
   * between the journal and the receipt) in the background: their read models purge once the
   * projection runner runs.
   */
  async recover(): Promise<{ unfinished: ErasureReceipt[]; finished: Promise<ErasureReceipt[]> }> {
    const unfinished = (await this.allReceipts()).filter(
      (receipt) => receipt.status !== 'completed',
    );
    for (const receipt of unfinished) this.mark(receipt);
    const finished = (async () => {
      const done: ErasureReceipt[] = [];
      for (const receipt of unfinished) {
        done.push(await this.serialized(() => this.finish(receipt)));
      }
      return done;
    })();
    return { unfinished, finished };
  }

  /**
   * Erases one session of `tenant`. A session that no longer exists answers the receipt of the
   * erasure that took it, and `SessionNotFound` when none did.
   */
  eraseSession(request: {
    tenant: string;
    sessionId: string;
    requestedBy: ErasureRequester;
  }): Promise<ErasureReceipt> {
    return this.serialized(async () => {
      const streamName = sessionStreamName(sessionKeyOf(request.tenant, request.sessionId));
      const facts = await readErasedSessionFacts(this.options.store, streamName, request.sessionId);
      if (facts === undefined) {
        const earlier = (await this.allReceipts())
          .filter((receipt) =>
            receipt.sessions.some((session) => session.streamName === streamName),
          )
          .at(-1);
        if (earlier === undefined) throw new SessionNotFoundError(request.sessionId);
        return earlier.status === 'completed' ? earlier : this.finish(earlier);
      }
      return this.run(
        {
          tenant: request.tenant,
          action: 'erase',
          reason: 'request',
          requestedBy: request.requestedBy,
          streams: [{ sessionId: request.sessionId, streamName }],
        },
        [facts],
      );
    });
  }

  /**
   * Erases every session of `tenant` whose data subject is `subjectId` (its forks included: they
   * carry the subject). With none left, answers the subject's last receipt; a subject that never
   * had a session gets a receipt naming none.
   */
  eraseSubject(request: {
    tenant: string;
    subjectId: string;
    requestedBy: ErasureRequester;
  }): Promise<ErasureReceipt> {
    return this.serialized(async () => {
      const streams = await findSubjectStreams(
        this.options.store,
        request.tenant,
        request.subjectId,
      );
      const plan: ErasurePlan = {
        tenant: request.tenant,
        subjectId: request.subjectId,
        action: 'erase',
        reason: 'request',
        requestedBy: request.requestedBy,
        streams,
      };
      const facts = await this.readFacts(plan);
      if (facts.length === 0) {
        const earlier = (await this.allReceipts())
          .filter(
            (receipt) =>
              receipt.tenant === request.tenant && receipt.subjectId === request.subjectId,
          )
          .at(-1);
        if (earlier !== undefined) {
          return earlier.status === 'completed' ? earlier : this.finish(earlier);
        }
      }
      return this.run({ ...plan, streams: facts }, facts);
    });
  }

  /**
   * Erases (or strips the content of) the named sessions of `tenant`, for a retention run; those
   * that no longer exist are left out. `undefined` when none is left to erase.
   */
  eraseSessions(request: {
    tenant: string;
    sessionIds: readonly string[];
    action: ErasureAction;
    maxIdle: string;
    /**
     * Checked against the log, not the read models (which may lag): a session whose last event
     * is at or after this time is left out.
     */
    idleBefore: string;
  }): Promise<ErasureReceipt | undefined> {
    return this.serialized(async () => {
      const plan: ErasurePlan = {
        tenant: request.tenant,
        action: request.action,
        reason: 'retention',
        maxIdle: request.maxIdle,
        requestedBy: { via: 'retention' },
        streams: request.sessionIds.map((sessionId) => ({
          sessionId,
          streamName: sessionStreamName(sessionKeyOf(request.tenant, sessionId)),
        })),
      };
      const facts = (await this.readFacts(plan)).filter(
        (session) =>
          session.lastRecordedAt === undefined ||
          Date.parse(session.lastRecordedAt) < Date.parse(request.idleBefore),
      );
      if (facts.length === 0) return undefined;
      return this.run({ ...plan, streams: facts }, facts);
    });
  }

  /**
   * Whether the session `sessionId` of `tenant` is being erased, or was erased and not started
   * again (its stream is gone and a receipt names it): what must not gain a reference to a blob
   * any more, since no erasure would ever release it.
   */
  async wasErased(tenant: string, sessionId: string): Promise<boolean> {
    const key = sessionKeyOf(tenant, sessionId);
    if (this.isErasing(key)) return true;
    const streamName = sessionStreamName(key);
    if ((await this.options.store.getStreamRevision(streamName)) !== undefined) return false;
    return (await this.allReceipts()).some((receipt) =>
      receipt.sessions.some((session) => session.streamName === streamName),
    );
  }

  /** The receipts of `tenant`, in the order requested. */
  async receipts(tenant: string): Promise<ErasureReceipt[]> {
    return (await this.allReceipts()).filter((receipt) => receipt.tenant === tenant);
  }

  private async readFacts(plan: ErasurePlan): Promise<ErasedSessionFacts[]> {
    const facts: ErasedSessionFacts[] = [];
    for (const { sessionId, streamName } of plan.streams) {
      const read = await readErasedSessionFacts(this.options.store, streamName, sessionId);
      if (read !== undefined) facts.push(read);
    }
    return facts;
  }

  /** Journals the erasure (unless it is, with the same id) and finishes it. */
  private async run(plan: ErasurePlan, facts: ErasedSessionFacts[]): Promise<ErasureReceipt> {
    const erasureId = erasureIdOf([
      plan.tenant,
      plan.subjectId ?? '',
      plan.action,
      ...facts.map((session) => `${session.streamName}\u0000${session.eventIdsDigest}`),
    ]);
    const existing = (await this.allReceipts()).find((receipt) => receipt.erasureId === erasureId);
    if (existing !== undefined) {
      return existing.status === 'completed' ? existing : this.finish(existing);
    }
    const requested: ErasureRequestedEvent = {
      type: 'ErasureRequested',
      data: {
        erasureId,
        tenant: plan.tenant,
        ...(plan.subjectId === undefined ? {} : { subjectId: plan.subjectId }),
        action: plan.action,
        reason: plan.reason,
        ...(plan.maxIdle === undefined ? {} : { maxIdle: plan.maxIdle }),
        requestedBy: plan.requestedBy,
        requestedAt: this.options.clock(),
        sessions: facts,
      },
    };
    // The sessions stop being served before the journal entry is written: never after.
    this.own.add(erasureId);
    for (const session of facts) this.erasing.add(keyOfStream(session.streamName));
    let position: number;
    try {
      position = (await this.append(erasureEventId(erasureId, 'requested'), requested)).position;
    } catch (error) {
      for (const session of facts) this.erasing.delete(keyOfStream(session.streamName));
      throw error;
    }
    const [receipt] = foldErasureReceipts([{ event: requested, position }]);
    if (receipt === undefined) throw new Error(`Erasure ${erasureId} could not be read back.`);
    const grace = this.options.journalGraceMs ?? 0;
    if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
    return this.finish(receipt);
  }

  /**
   * The erasure's steps after its journal entry, each one repeatable: content keys, streams,
   * caches, read models; then the receipt. A failure leaves the sessions marked as being erased.
   */
  private async finish(receipt: ErasureReceipt): Promise<ErasureReceipt> {
    this.own.add(receipt.erasureId);
    this.mark(receipt);
    const { store, destroyContentKeys, forgetSession, awaitReadModels, clock } = this.options;
    let erasedEvents = 0;
    let contentKeysDestroyed = 0;
    let blobsDeleted = 0;
    let physical = true;
    try {
      for (const session of receipt.sessions) {
        contentKeysDestroyed += await destroyContentKeys(session.streamName);
        const erased = await store.eraseStream(session.streamName);
        erasedEvents += erased.erasedEvents;
        physical &&= erased.physical;
        // After the stream: a session whose events are gone refers to nothing any more.
        blobsDeleted +=
          (await this.options.releaseBlobs?.(receipt.tenant, keyOfStream(session.streamName))) ?? 0;
        await forgetSession(keyOfStream(session.streamName));
      }
      await awaitReadModels(receipt.requestedPosition);
    } catch (error) {
      throw new ErasureIncompleteError(
        receipt.erasureId,
        error instanceof Error ? error.message : String(error),
      );
    }
    const completed: LedgerEvent = {
      type: 'ErasureCompleted',
      data: {
        erasureId: receipt.erasureId,
        completedAt: clock(),
        // A second pass (recovery) finds the streams gone: the journal's count is the truth.
        erasedEvents: Math.max(
          erasedEvents,
          receipt.sessions.reduce((sum, session) => sum + session.events, 0),
        ),
        contentKeysDestroyed,
        blobsDeleted,
        physical,
      },
    };
    await this.append(erasureEventId(receipt.erasureId, 'completed'), completed);
    for (const session of receipt.sessions) this.erasing.delete(keyOfStream(session.streamName));
    return {
      ...receipt,
      status: 'completed',
      completedAt: completed.data.completedAt,
      erasedEvents: completed.data.erasedEvents,
      contentKeysDestroyed,
      blobsDeleted,
      physical,
    };
  }

  private mark(receipt: ErasureReceipt): void {
    for (const session of receipt.sessions) this.erasing.add(keyOfStream(session.streamName));
  }

  private append(id: string, event: LedgerEvent) {
    const toAppend: EventToAppend = { id, type: event.type, data: event.data };
    return this.options.store.append(ERASURE_STREAM, [toAppend]);
  }

  private async allReceipts(): Promise<ErasureReceipt[]> {
    const events: Array<{ event: LedgerEvent; position: number }> = [];
    try {
      for await (const recorded of this.options.store.readStream(ERASURE_STREAM)) {
        const event = parseLedgerEvent(recorded);
        if (event !== undefined) events.push({ event, position: recorded.position });
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return foldErasureReceipts(events);
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** The session key of a session stream. */
function keyOfStream(streamName: string): string {
  return streamName.slice(SESSION_STREAM_PREFIX.length);
}
