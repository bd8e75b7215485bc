import { setTimeout as sleep } from 'node:timers/promises';
import {
  StreamNotFoundError,
  truncateWal,
  type EventFilter,
  type EventStore,
  type RecordedEvent,
  type SubscriptionMessage,
} from '@agent-ledger/event-store';
import {
  ERASURE_STREAM,
  SESSION_STREAM_PREFIX,
  parseLedgerEvent,
  parseSessionLogEvent,
  sessionStreamName,
  type ErasureAction,
  type ParsedSessionLogEvent,
  type SessionLogEvent,
} from '@agent-ledger/events';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { CheckpointTable } from './checkpoint-table';
import { FailedEventTable } from './failed-event-table';
import { PositionWaiters } from './position-waiters';
import type { ErasedSession, ProjectionHandler } from './projection-handler';
import {
  DamageTally,
  type DamageFoundBy,
  type ReadModelDamageState,
  type ReadModelRepair,
} from './read-model-damage';
import type { RebuildProgress } from './rebuild-progress';
import { SILENT_LOGGER, type RunnerLogger } from './runner-logger';

/** Options of {@link ProjectionRunner}. */
export interface ProjectionRunnerOptions {
  store: EventStore;
  db: ReadModelDatabase;
  handlers: ProjectionHandler[];
  /** Events per transaction while catching up. Default 2000. */
  batchSize?: number;
  logger?: RunnerLogger;
  /** The clock for `failedAt`. Default `() => new Date()`. */
  now?: () => Date;
  /** First delay before resubscribing after the subscription failed; doubles up to 5 s. Default 100. */
  retryDelayMs?: number;
  /** Called after each batch has committed (metrics, tests that crash between batches). */
  onBatchCommitted?: (batch: CommittedBatch) => void;
  /**
   * Rows per second the background sweep checks against their checksums while the runner runs
   * (`start`), so that damage to rows no one reads is found and repaired too. Default 0: no sweep.
   */
  sweepRowsPerSecond?: number;
  /** Called after each repair of a session's read models (`repairSession`). */
  onRepair?: (repair: ReadModelRepair) => void;
}

/** What a committed batch covered. */
export interface CommittedBatch {
  /** Events this runner applied (0: another process on the same file had applied them). */
  events: number;
  /** Checkpoint written with the batch. */
  position: number;
  /** When the batch started and committed, in milliseconds since the epoch (for traces). */
  timing?: { startedAt: number; endedAt: number };
}

/**
 * The EventStoreDB blob store's small streams (records, references; never the chunks, which are
 * `ledger-blobchunks-`): followed only so the runner's position keeps up with the head of the log
 * after a blob upload (readiness compares the two); their events are skipped.
 */
const BLOB_RECORD_STREAM_PREFIX = 'ledger-blob-';

/**
 * The subscription filter: session streams, and the audit stream of erasures, whose
 * `ErasureRequested` makes every handler purge the sessions it names (on every node, and in a
 * rebuild after their events, so that a rebuild ends as clean as the live run).
 */
export const SESSION_STREAMS_FILTER: EventFilter = {
  on: 'streamName',
  prefixes: [SESSION_STREAM_PREFIX, ERASURE_STREAM, BLOB_RECORD_STREAM_PREFIX],
};

/** Times the WAL checkpoint after an erasure is tried while readers hold it up. */
const WAL_TRUNCATE_ATTEMPTS = 5;

/** A recorded event as the runner applies it: a session event, or an erasure of sessions. */
type ParsedRunnerEvent =
  | { kind: 'session'; event: ParsedSessionLogEvent }
  | { kind: 'erasure'; sessions: ErasedSession[]; action: ErasureAction }
  | { kind: 'ignored' };

const IDLE = Symbol('idle');
const MAX_RETRY_DELAY_MS = 5000;
/** Times a repair reads the session again when the runner moved past what it had read. */
const REPAIR_ATTEMPTS = 5;

/** What is left to do once a batch has committed: the lines to log, the handlers advanced. */
interface BatchOutcome {
  failures: string[];
  advanced: string[];
  /** The batch purged erased sessions: the WAL is then checkpointed and truncated. */
  erased: boolean;
}

/** A handler threw during an optimistic batch: the batch is redone with one savepoint per event. */
class HandlerThrew extends Error {
  readonly code = 'HANDLER_THREW';

  constructor(cause: unknown) {
    super('A projection handler threw; the batch is applied again event by event.', { cause });
  }
}

/**
 * Feeds projection handlers from a catch-up subscription on `$all` filtered to session streams.
 *
 * Each batch of events is applied to every handler in ONE SQLite transaction that also writes each
 * handler's checkpoint, so a crash at any point leaves the rows and the checkpoint in agreement:
 * on restart the runner resumes after the checkpoint, and no event is lost or applied twice.
 * While catching up a batch holds up to `batchSize` events; once live, a batch is whatever has
 * arrived by the time the event loop is idle, so a lone append is visible at once.
 *
 * An event that a handler cannot process (schema refused, unknown type, the handler threw) is
 * rolled back for that handler alone (a savepoint), recorded in `rm_failed_events`, logged, and
 * skipped. If the subscription itself fails, the runner resubscribes from its checkpoint with
 * backoff.
 */
export class ProjectionRunner {
  private readonly store: EventStore;
  private readonly db: ReadModelDatabase;
  private readonly handlers: ProjectionHandler[];
  private readonly batchSize: number;
  private readonly logger: RunnerLogger;
  private readonly now: () => Date;
  private readonly retryDelayMs: number;
  private readonly batchListeners = new Set<(batch: CommittedBatch) => void>();
  private readonly checkpointTable: CheckpointTable;
  private readonly failedEvents: FailedEventTable;
  private readonly waiters = new PositionWaiters();
  private readonly checkpoints = new Map<string, number | null>();
  private readonly applyOne: (handler: ProjectionHandler, event: SessionLogEvent) => void;
  private readonly sweepRowsPerSecond: number;
  private readonly onRepair: ((repair: ReadModelRepair) => void) | undefined;
  /** Repairs under way, by session: a second call for the same session joins the first. */
  private readonly repairs = new Map<string, Promise<boolean>>();
  private readonly damageTally = new DamageTally();
  /** The sweep's cursor in each handler's rows, and its timer while the runner runs. */
  private readonly sweepCursors = new Map<string, number>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private initialized = false;
  private loop: Promise<void> | undefined;
  private stopping: AbortController | undefined;
  private closeSubscription: (() => Promise<void>) | undefined;

  constructor(options: ProjectionRunnerOptions) {
    this.store = options.store;
    this.db = options.db;
    this.handlers = options.handlers;
    this.batchSize = options.batchSize ?? 2000;
    this.logger = options.logger ?? SILENT_LOGGER;
    this.now = options.now ?? (() => new Date());
    this.retryDelayMs = options.retryDelayMs ?? 100;
    if (options.onBatchCommitted !== undefined) this.batchListeners.add(options.onBatchCommitted);
    this.sweepRowsPerSecond = options.sweepRowsPerSecond ?? 0;
    this.onRepair = options.onRepair;
    this.checkpointTable = new CheckpointTable(this.db);
    this.failedEvents = new FailedEventTable(this.db);
    // A nested better-sqlite3 transaction is a savepoint: a throwing handler undoes only its own event.
    this.applyOne = this.db.transaction((handler: ProjectionHandler, event: SessionLogEvent) =>
      handler.apply(event),
    );
  }

  /** The position every handler has reached, or `null` when one has processed nothing yet. */
  get position(): number | null {
    this.initialize();
    let lowest: number | null = null;
    for (const position of this.checkpoints.values()) {
      if (position === null) return null;
      lowest = lowest === null ? position : Math.min(lowest, position);
    }
    return lowest;
  }

  /** Each handler's checkpoint (`null`: it has processed nothing yet), by handler name. */
  get handlerPositions(): Record<string, number | null> {
    this.initialize();
    return Object.fromEntries(this.checkpoints);
  }

  /** True while the live subscription runs. */
  get running(): boolean {
    return this.loop !== undefined;
  }

  /** Starts following `$all` in the background: catch up from the checkpoints, then live. */
  start(): void {
    if (this.loop !== undefined) return;
    this.initialize();
    const stopping = new AbortController();
    this.stopping = stopping;
    this.loop = this.followForever(stopping.signal).finally(() => {
      this.loop = undefined;
    });
    if (this.sweepRowsPerSecond > 0) {
      this.sweepTimer = setInterval(() => this.sweepStep(), 1000);
      this.sweepTimer.unref();
    }
  }

  /** Stops the live subscription; resolves once the last batch has committed. */
  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    const loop = this.loop;
    if (loop === undefined) return;
    this.stopping?.abort();
    await this.closeSubscription?.();
    await loop;
  }

  /**
   * Processes everything up to the head of the log, then returns (the runner must not be running).
   * Returns the position reached.
   */
  async catchUp(onProgress?: (progress: RebuildProgress) => void): Promise<number | null> {
    if (this.loop !== undefined)
      throw new Error('catchUp() runs only while the runner is stopped.');
    this.initialize();
    const headPosition = await this.store.headPosition();
    await this.follow({ untilCaughtUp: true, headPosition, onProgress });
    return this.position;
  }

  /**
   * Drops every handler's tables, checkpoint and failed events, and rebuilds them from the log,
   * reporting progress after each batch. A running runner is stopped for the rebuild and started
   * again after it.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<number | null> {
    const wasRunning = this.loop !== undefined;
    await this.stop();
    this.initialize();
    this.db.transaction(() => {
      for (const handler of this.handlers) this.reset(handler);
    })();
    const position = await this.catchUp(onProgress);
    if (wasRunning) this.start();
    return position;
  }

  /** What was found damaged and repaired since this runner started. */
  get damage(): ReadModelDamageState {
    return this.damageTally.state;
  }

  /**
   * Rebuilds one session's rows from its stream, while the runner runs, for each handler whose
   * rows carry checksums (`dropSession`): the session's stream is read, then, in one immediate
   * transaction, its rows are deleted and its events up to the handler's checkpoint (read inside
   * the transaction) applied again, so the rows agree with the checkpoint as after any batch; the
   * later events come with the runner's next batches. The head of the log is read before the
   * stream: a checkpoint past it (the runner moved on meanwhile, past events the read may have
   * missed) makes the repair read the stream again. Resolves `true` once repaired, `false` when
   * it failed (logged and reported; the next time the damage is met starts another). A second
   * call while a repair of the session runs joins it.
   */
  repairSession(sessionId: string, foundBy: DamageFoundBy = 'read'): Promise<boolean> {
    const running = this.repairs.get(sessionId);
    if (running !== undefined) return running;
    this.damageTally.started(sessionId);
    const startedAt = Date.now();
    const report = (repair: ReadModelRepair): boolean => {
      this.damageTally.finished(repair);
      this.onRepair?.(repair);
      return repair.outcome === 'repaired';
    };
    const repair = this.rebuildSession(sessionId)
      .then((events) => {
        this.logger.warn(
          `Read models of session "${sessionId}" were damaged (${FOUND_BY[foundBy]}); rebuilt from its ${events} events in the log in ${Date.now() - startedAt} ms.`,
        );
        return report({ sessionId, foundBy, outcome: 'repaired' });
      })
      .catch((error: unknown) => {
        this.logger.error(
          `Read models of session "${sessionId}" were damaged (${FOUND_BY[foundBy]}) and could not be rebuilt: ${describe(error)}.`,
        );
        return report({ sessionId, foundBy, outcome: 'failed', error: describe(error) });
      })
      .finally(() => this.repairs.delete(sessionId));
    this.repairs.set(sessionId, repair);
    return repair;
  }

  /** `repairSession`'s work: returns the number of the session's events read. */
  private async rebuildSession(sessionId: string): Promise<number> {
    this.initialize();
    const handlers = this.handlers.filter((handler) => handler.dropSession !== undefined);
    for (let attempt = 0; attempt < REPAIR_ATTEMPTS; attempt += 1) {
      const head = await this.store.headPosition();
      const parsed = (await readSessionStream(this.store, sessionId)).map((recorded) => ({
        recorded,
        event: parseSessionLogEvent(recorded),
      }));
      const failures: string[] = [];
      const transaction = this.db.transaction((): boolean => {
        const checkpoints = handlers.map(
          (handler) => this.checkpointTable.read(handler.name)?.position ?? null,
        );
        if (
          checkpoints.some((position) => position !== null && (head === null || position > head))
        ) {
          return false;
        }
        handlers.forEach((handler, index) => {
          const checkpoint = checkpoints[index] ?? null;
          handler.dropSession?.(sessionId);
          if (checkpoint === null) return;
          this.failedEvents.clearSession(handler.name, sessionId, checkpoint);
          for (const { recorded, event } of parsed) {
            if (recorded.position > checkpoint) break;
            if (!event.ok) {
              failures.push(this.recordFailure(handler, recorded, event, event.error));
              continue;
            }
            try {
              this.applyOne(handler, event.event);
            } catch (error) {
              failures.push(this.recordFailure(handler, recorded, event, error));
            }
          }
          handler.endBatch?.();
        });
        return true;
      });
      let done: boolean;
      try {
        done = transaction.immediate();
      } catch (error) {
        for (const handler of handlers) handler.abortBatch?.();
        throw error;
      }
      // What applying found damaged meanwhile was in the rows just replaced.
      for (const handler of handlers) handler.takeDamagedSessions?.();
      if (done) {
        for (const failure of failures) this.logger.warn(failure);
        return parsed.length;
      }
    }
    throw new Error(
      `the log moved on faster than the session could be read (${REPAIR_ATTEMPTS} attempts)`,
    );
  }

  /** One step of the background sweep: the next rows of each handler that checks its rows. */
  private sweepStep(): void {
    for (const handler of this.handlers) {
      if (handler.checkRows === undefined) continue;
      try {
        const found = handler.checkRows(
          this.sweepCursors.get(handler.name) ?? 0,
          this.sweepRowsPerSecond,
        );
        this.sweepCursors.set(handler.name, found.next ?? 0);
        for (const sessionId of found.damagedSessions) void this.repairSession(sessionId, 'sweep');
      } catch (error) {
        this.logger.warn(
          `Read model "${handler.name}": the sweep could not check rows (${describe(error)}).`,
        );
      }
    }
  }

  /**
   * Resolves `true` once every handler has processed the log up to `position` (read-your-writes),
   * or `false` after `timeoutMs`.
   */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    const reached = this.position;
    if (reached !== null && reached >= position) return Promise.resolve(true);
    return this.waiters.wait(position, timeoutMs);
  }

  /**
   * Calls `listener` after every batch commits (live feeds, metrics); returns the unsubscribe
   * function. A listener must not throw.
   */
  onBatchCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  /** Loads checkpoints; creates missing tables; rebuilds handlers whose version changed. */
  private initialize(): void {
    if (this.initialized) return;
    this.db.transaction(() => {
      for (const handler of this.handlers) {
        const stored = this.checkpointTable.read(handler.name);
        if (stored !== undefined && stored.version === handler.version) {
          handler.setUp();
          this.checkpoints.set(handler.name, stored.position);
          continue;
        }
        if (stored !== undefined) {
          this.logger.warn(
            `Read model "${handler.name}" was written by version "${stored.version}", this is "${handler.version}": rebuilding it from the log.`,
          );
        }
        this.reset(handler);
      }
    })();
    this.initialized = true;
  }

  private reset(handler: ProjectionHandler): void {
    handler.drop();
    handler.setUp();
    this.failedEvents.clear(handler.name);
    this.checkpointTable.write(handler.name, { version: handler.version, position: null });
    this.checkpoints.set(handler.name, null);
  }

  private async followForever(signal: AbortSignal): Promise<void> {
    let delay = this.retryDelayMs;
    while (!signal.aborted) {
      try {
        await this.follow({ untilCaughtUp: false, headPosition: null });
        if (signal.aborted) return;
        this.logger.warn('Projection runner: the subscription ended; resubscribing.');
      } catch (error) {
        if (signal.aborted) return;
        this.logger.error(
          `Projection runner: the subscription failed (${describe(error)}); resubscribing from position ${String(this.position)} in ${delay} ms.`,
        );
        await sleep(delay, undefined, { signal }).catch(() => undefined);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
        continue;
      }
      delay = this.retryDelayMs;
    }
  }

  private async follow(run: FollowRun): Promise<void> {
    const from = this.position;
    const subscription = this.store.subscribeToAll({
      fromPosition: from ?? 'start',
      filter: SESSION_STREAMS_FILTER,
      checkpointInterval: this.batchSize,
    });
    this.closeSubscription = () => subscription.close();
    if (this.stopping?.signal.aborted === true && !run.untilCaughtUp) {
      await subscription.close();
      return;
    }
    let processedEvents = 0;
    let buffer: RecordedEvent[] = [];
    const flush = async (upTo?: number): Promise<void> => {
      const position = buffer.at(-1)?.position ?? upTo;
      if (position === undefined) return;
      const batch = buffer;
      buffer = [];
      const parsed = batch.map((recorded) => ({ recorded, event: parseRunnerEvent(recorded) }));
      await this.prepareBatch(parsed);
      this.applyBatch(batch, Math.max(position, upTo ?? position), parsed);
      processedEvents += batch.length;
      run.onProgress?.({
        processedEvents,
        position: this.position,
        headPosition: run.headPosition,
      });
    };
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      let next = iterator.next();
      for (;;) {
        // Live, a batch is what has arrived by the time the event loop is idle. Catching up, a
        // batch ends only at `batchSize`, a checkpoint or the head: racing an immediate against
        // every event cost more than the runner's own work per event (the immediates alone ran
        // at 3-6 µs per event), and the subscription's pages rarely leave it idle mid-batch.
        const result =
          buffer.length === 0 || run.untilCaughtUp
            ? await next
            : await Promise.race([next, idle()]);
        if (result === IDLE) {
          await flush();
          continue;
        }
        if (result.done === true) {
          await flush();
          return;
        }
        next = iterator.next();
        const message: SubscriptionMessage = result.value;
        switch (message.kind) {
          case 'event':
            buffer.push(message.event);
            if (buffer.length >= this.batchSize) await flush();
            break;
          case 'checkpoint':
            await flush(message.position);
            break;
          case 'caughtUp':
            await flush(message.position ?? undefined);
            if (run.untilCaughtUp) return;
            break;
          default: {
            const unreachable: never = message;
            throw new Error(`Unknown subscription message ${JSON.stringify(unreachable)}`);
          }
        }
      }
    } finally {
      this.closeSubscription = undefined;
      await subscription.close();
    }
  }

  /**
   * Applies one batch to every handler and advances their checkpoints to `upTo`, atomically.
   *
   * The batch is first applied without a savepoint per event (they cost about a sixth of a
   * rebuild). Should a handler throw, that whole transaction is rolled back (and each handler's
   * `abortBatch` called), and the batch is applied again with one savepoint per event and handler,
   * so that only the failing events are undone and recorded. Either way what commits is the same.
   */
  private applyBatch(
    events: readonly RecordedEvent[],
    upTo: number,
    parsed: readonly { recorded: RecordedEvent; event: ParsedRunnerEvent }[],
  ): void {
    const startedAt = performance.timeOrigin + performance.now();
    let outcome: BatchOutcome;
    try {
      outcome = this.applyParsedBatch(parsed, upTo, 'optimistic');
    } catch (error) {
      if (!(error instanceof HandlerThrew)) throw error;
      outcome = this.applyParsedBatch(parsed, upTo, 'isolated');
    }
    for (const name of outcome.advanced) this.checkpoints.set(name, upTo);
    for (const failure of outcome.failures) this.logger.warn(failure);
    if (outcome.erased) this.truncateWal();
    for (const handler of this.handlers) {
      for (const sessionId of handler.takeDamagedSessions?.() ?? []) {
        void this.repairSession(sessionId, 'write');
      }
    }
    const reached = this.position;
    if (reached !== null) this.waiters.reached(reached);
    // No handler advanced: another server on the same read-model file applied the batch first.
    // This runner has still reached `upTo`, which its listeners (the thread owner answering
    // `minPosition`) must learn, or they would wait for a position they are past.
    const applied = outcome.advanced.length === 0 ? 0 : events.length;
    const timing = { startedAt, endedAt: performance.timeOrigin + performance.now() };
    for (const listener of this.batchListeners) {
      listener({ events: applied, position: upTo, timing });
    }
  }

  /** Lets the handlers that read outside the read-model file (`prepareBatch`) do so first. */
  private async prepareBatch(
    parsed: readonly { recorded: RecordedEvent; event: ParsedRunnerEvent }[],
  ): Promise<void> {
    const preparing = this.handlers.filter((handler) => handler.prepareBatch !== undefined);
    if (preparing.length === 0) return;
    const events = parsed.flatMap(({ event }) =>
      event.kind === 'session' && event.event.ok ? [event.event.event] : [],
    );
    for (const handler of preparing) {
      try {
        await handler.prepareBatch?.(events);
      } catch (error) {
        this.logger.warn(
          `Projection runner: ${handler.name} could not prepare a batch (${describe(error)}).`,
        );
      }
    }
  }

  /**
   * One attempt at a batch in one immediate transaction. `optimistic`: a handler that throws
   * aborts the whole attempt (`HandlerThrew`); `isolated`: each event runs in its own savepoint.
   */
  private applyParsedBatch(
    parsed: readonly { recorded: RecordedEvent; event: ParsedRunnerEvent }[],
    upTo: number,
    mode: 'optimistic' | 'isolated',
  ): BatchOutcome {
    const outcome: BatchOutcome = { failures: [], advanced: [], erased: false };
    const transaction = this.db.transaction(() => {
      for (const handler of this.handlers) {
        // Read inside the (immediate) transaction: another process may have advanced it.
        const checkpoint = this.checkpointTable.read(handler.name)?.position ?? null;
        if (checkpoint !== null && checkpoint >= upTo) {
          this.checkpoints.set(handler.name, checkpoint);
          continue;
        }
        for (const { recorded, event: runnerEvent } of parsed) {
          if (checkpoint !== null && recorded.position <= checkpoint) continue;
          if (runnerEvent.kind === 'ignored') continue;
          if (runnerEvent.kind === 'erasure') {
            // The handler's rows of the batch so far are written first, then purged with the rest.
            handler.endBatch?.();
            handler.eraseSessions?.(runnerEvent.sessions, runnerEvent.action);
            for (const { sessionKey } of runnerEvent.sessions) {
              this.failedEvents.clearSession(handler.name, sessionKey, recorded.position);
            }
            outcome.erased = true;
            continue;
          }
          const event = runnerEvent.event;
          if (!event.ok) {
            outcome.failures.push(this.recordFailure(handler, recorded, event, event.error));
            continue;
          }
          if (mode === 'optimistic') {
            try {
              handler.apply(event.event);
            } catch (error) {
              throw new HandlerThrew(error);
            }
            continue;
          }
          try {
            this.applyOne(handler, event.event);
          } catch (error) {
            outcome.failures.push(this.recordFailure(handler, recorded, event, error));
          }
        }
        handler.endBatch?.();
        this.checkpointTable.write(handler.name, { version: handler.version, position: upTo });
        outcome.advanced.push(handler.name);
      }
    });
    try {
      transaction.immediate();
    } catch (error) {
      for (const handler of this.handlers) handler.abortBatch?.();
      throw error;
    }
    return outcome;
  }

  /**
   * After a batch that purged erased sessions: the WAL (which still holds the pages as they were
   * before the purge) is checkpointed into the file and truncated, so that no file of the read
   * models holds the erased rows. Readers on other connections can hold it up: it is tried a few
   * times, then logged (the next erasure, or SQLite's own checkpoints, overwrite it in time).
   */
  private truncateWal(): void {
    try {
      if (truncateWal(this.db, { attempts: WAL_TRUNCATE_ATTEMPTS })) return;
    } catch (error) {
      this.logger.warn(
        `Read models: the WAL checkpoint after an erasure failed (${describe(error)}).`,
      );
      return;
    }
    this.logger.warn(
      `Read models: readers kept the WAL from being truncated after an erasure (${WAL_TRUNCATE_ATTEMPTS} attempts); the purged pages stay in it until the next checkpoint.`,
    );
  }

  /** Records a failed event in `rm_failed_events`; returns the line to log once committed. */
  private recordFailure(
    handler: ProjectionHandler,
    recorded: RecordedEvent,
    event: ParsedSessionLogEvent,
    error: unknown,
  ): string {
    const sessionId = event.ok ? event.event.sessionId : event.sessionId;
    this.failedEvents.record({
      handler: handler.name,
      position: recorded.position,
      streamName: recorded.streamName,
      ...(sessionId === undefined ? {} : { sessionId }),
      revision: recorded.revision,
      eventId: recorded.id,
      eventType: recorded.type,
      error: describe(error),
      failedAt: this.now().toISOString(),
    });
    return `Read model "${handler.name}" skipped event ${recorded.id} (${recorded.type}, ${recorded.streamName}@${recorded.revision}, position ${recorded.position}): ${describe(error)}`;
  }
}

/** One run of `follow`: until caught up (`catchUp`) or live, with its progress callback. */
interface FollowRun {
  untilCaughtUp: boolean;
  headPosition: number | null;
  onProgress?: ((progress: RebuildProgress) => void) | undefined;
}

const FOUND_BY: Record<DamageFoundBy, string> = {
  read: 'a read found a row that does not match its checksum',
  write: 'applying an event read a row that does not match its checksum',
  sweep: 'the background sweep found a row that does not match its checksum',
};

/** The session's stream from its start; none when it does not exist. */
async function readSessionStream(store: EventStore, sessionId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const event of store.readStream(sessionStreamName(sessionId))) events.push(event);
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return events;
}

/**
 * A recorded event as the runner applies it: an erasure's journal entry names the session keys
 * whose rows every handler purges; the audit stream's other events are skipped; anything else
 * is read as a session event.
 */
function parseRunnerEvent(recorded: RecordedEvent): ParsedRunnerEvent {
  if (recorded.streamName.startsWith(BLOB_RECORD_STREAM_PREFIX)) return { kind: 'ignored' };
  if (recorded.streamName !== ERASURE_STREAM) {
    return { kind: 'session', event: parseSessionLogEvent(recorded) };
  }
  const ledgerEvent = parseLedgerEvent(recorded);
  if (ledgerEvent?.type !== 'ErasureRequested') return { kind: 'ignored' };
  return {
    kind: 'erasure',
    action: ledgerEvent.data.action,
    sessions: ledgerEvent.data.sessions
      .filter((facts) => facts.streamName.startsWith(SESSION_STREAM_PREFIX))
      .map((facts) => ({
        sessionKey: facts.streamName.slice(SESSION_STREAM_PREFIX.length),
        facts,
      })),
  };
}

function idle(): Promise<typeof IDLE> {
  return new Promise((resolve) => setImmediate(() => resolve(IDLE)));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
