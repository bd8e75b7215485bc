import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '@agent-ledger/event-store';
import type { ExportPolicy } from '../session-views/export-policy';
import { PositionWaiters } from './position-waiters';
import type { CommittedBatch } from './projection-runner';
import {
  DamageTally,
  type DamageFoundBy,
  type ReadModelDamageState,
  type ReadModelRepair,
} from './read-model-damage';
import { SILENT_LOGGER, type RunnerLogger } from './runner-logger';
import type {
  RunnerContentKeys,
  RunnerSearchBlobText,
  RunnerThreadMessage,
  RunnerThreadReply,
  RunnerThreadSetup,
} from './runner-thread-protocol';

/**
 * What the server needs of the runner that keeps its read models live: `ProjectionRunner` in
 * this thread, or `ProjectionRunnerThread` beside it.
 */
export interface LiveProjections {
  /** The position every handler has reached, or `null` when one has processed nothing yet. */
  readonly position: number | null;
  /** Starts following the log; resolves once the read models' tables and checkpoints are ready. */
  start(): void | Promise<void>;
  /** Stops following; resolves once the last batch has committed. */
  stop(): Promise<void>;
  /** Resolves `true` once every handler has processed the log up to `position`, or `false` after `timeoutMs`. */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
  /** Calls `listener` after every committed batch; returns the unsubscribe function. */
  onBatchCommitted(listener: (batch: CommittedBatch) => void): () => void;
  /**
   * Rebuilds one session's read models from its stream, while following the log (a read found a
   * row that does not match its checksum); resolves `true` once repaired, `false` if it failed.
   */
  repairSession(sessionId: string, foundBy?: DamageFoundBy): Promise<boolean>;
  /** What was found damaged and repaired since the runner started. */
  readonly damage: ReadModelDamageState;
  /** Each handler's position, by handler name (for metrics; absent where no runner runs). */
  readonly handlerPositions?: Readonly<Record<string, number | null>>;
}

/** Options of {@link ProjectionRunnerThread}. */
export interface ProjectionRunnerThreadOptions {
  /** The embedded event store's file (the thread opens its own connection to it). */
  eventStorePath: string;
  /** The read models' file (the thread opens its own connection to it). */
  readModelPath: string;
  /**
   * How the thread's first start checks the read models' file (`openReadModelDatabase`'s
   * `check`). Default `'quick'`; `'header'` when this thread has just opened (and so checked)
   * the file itself, as the server does. A thread started again after one died always checks the
   * whole file.
   */
  readModelCheck?: 'quick' | 'header';
  exportPolicy?: ExportPolicy;
  /** The runner's `batchSize` while catching up. Default 2000. */
  batchSize?: number;
  /**
   * The `appendSignal()` of this thread's store of the same file: the thread's subscription reads
   * each of its commits at once; appends by other processes are seen by polling.
   */
  appendSignal: SharedArrayBuffer;
  /** How often the thread looks for appends made by other processes. Default 250 ms. */
  pollIntervalMs?: number;
  logger?: RunnerLogger;
  /** First delay before starting a thread again after it died; doubles up to 5 s. Default 100. */
  restartDelayMs?: number;
  /** The runner's `sweepRowsPerSecond`: rows checked against their checksums per second. Default 0. */
  sweepRowsPerSecond?: number;
  /**
   * The content key store (its file and master key): the thread reads the log through it, as
   * the server's store does (`ContentSealingEventStore`), when the log has sealed events.
   */
  contentKeys?: RunnerContentKeys;
  /** Where the thread's search index reads blob outputs' text (its own connection to the blob file). */
  searchBlobText?: RunnerSearchBlobText;
  /** Starts the thread (default: `projection-runner-worker`'s); tests give threads that fail. */
  startWorker?: (setup: RunnerThreadSetup) => Worker;
}

const MAX_RESTART_DELAY_MS = 5000;
/** How long `stop` waits for the thread to finish its batch and close its files before ending it. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * The server's projection runner on a worker thread of its own: the same `ProjectionRunner`, the
 * same handlers and the same transactions (a batch's rows and checkpoints commit together), but
 * parsing, checking and projecting each event and writing its rows run beside the thread that
 * serves requests instead of taking turns with it. The thread has its own connections to the
 * event store's file and to the read models' file; SQLite's WAL lets this thread's connection
 * read the read models meanwhile, and see each batch once it has committed.
 *
 * This thread is told after each batch (`onBatchCommitted`, `waitForPosition`). The runner's
 * thread learns of this thread's appends through the store's append signal, a counter in shared
 * memory its subscription waits on when idle (no message per append: waking it costs this thread
 * nothing while it is busy). Should the thread die (it should not: the runner already survives
 * failed events and failed subscriptions), it is logged and started again from its checkpoints.
 */
export class ProjectionRunnerThread implements LiveProjections {
  private readonly options: ProjectionRunnerThreadOptions;
  private readonly logger: RunnerLogger;
  private readonly waiters = new PositionWaiters();
  private readonly batchListeners = new Set<(batch: CommittedBatch) => void>();
  /** The callers waiting for each session's repair by the thread. */
  private readonly repairWaiters = new Map<string, ((repaired: boolean) => void)[]>();
  private readonly damageTally = new DamageTally();
  private worker: Worker | undefined;
  private reached: number | null = null;
  private handlers: Record<string, number | null> = {};
  private stopping = false;
  private started: Promise<void> | undefined;
  private restartDelayMs: number;
  /** Threads started so far (the first may skip the whole-file check; the others do it). */
  private spawned = 0;

  constructor(options: ProjectionRunnerThreadOptions) {
    this.options = options;
    this.logger = options.logger ?? SILENT_LOGGER;
    this.restartDelayMs = options.restartDelayMs ?? 100;
  }

  get position(): number | null {
    return this.reached;
  }

  get handlerPositions(): Readonly<Record<string, number | null>> {
    return this.handlers;
  }

  /** Starts the thread; resolves once it has loaded its checkpoints, rejects if it could not. */
  start(): Promise<void> {
    this.stopping = false;
    this.started ??= this.spawn();
    return this.started;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.started?.catch(() => undefined);
    this.started = undefined;
    const worker = this.worker;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.post({ kind: 'stop' });
    const timer = setTimeout(() => {
      this.logger.error(
        `Projection runner thread: not stopped after ${STOP_TIMEOUT_MS} ms; ending it (its last batch is rolled back and applied again on the next start).`,
      );
      void worker.terminate();
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.reached !== null && this.reached >= position) return Promise.resolve(true);
    return this.waiters.wait(position, timeoutMs);
  }

  onBatchCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  get damage(): ReadModelDamageState {
    return this.damageTally.state;
  }

  /**
   * Asks the thread to rebuild the session (its runner's `repairSession`); resolves with the
   * outcome it reports, `false` at once when no thread runs.
   */
  repairSession(sessionId: string, foundBy: DamageFoundBy = 'read'): Promise<boolean> {
    if (this.worker === undefined) return Promise.resolve(false);
    const waiters = this.repairWaiters.get(sessionId);
    return new Promise<boolean>((resolve) => {
      if (waiters !== undefined) {
        waiters.push(resolve);
        return;
      }
      this.repairWaiters.set(sessionId, [resolve]);
      this.post({ kind: 'repair', sessionId, foundBy });
    });
  }

  /** Starts a thread; resolves when it says `ready`, rejects if it fails first. */
  private spawn(): Promise<void> {
    const worker = (this.options.startWorker ?? startRunnerWorker)({
      eventStorePath: this.options.eventStorePath,
      readModelPath: this.options.readModelPath,
      readModelCheck: this.spawned++ === 0 ? (this.options.readModelCheck ?? 'quick') : 'quick',
      appendSignal: this.options.appendSignal,
      ...(this.options.exportPolicy === undefined
        ? {}
        : { exportPolicy: this.options.exportPolicy }),
      ...(this.options.batchSize === undefined ? {} : { batchSize: this.options.batchSize }),
      ...(this.options.sweepRowsPerSecond === undefined
        ? {}
        : { sweepRowsPerSecond: this.options.sweepRowsPerSecond }),
      ...(this.options.pollIntervalMs === undefined
        ? {}
        : { pollIntervalMs: this.options.pollIntervalMs }),
      ...(this.options.contentKeys === undefined ? {} : { contentKeys: this.options.contentKeys }),
      ...(this.options.searchBlobText === undefined
        ? {}
        : { searchBlobText: this.options.searchBlobText }),
    });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      let failure: Error | undefined;
      worker.on('message', (reply: RunnerThreadReply) => {
        if (reply.kind === 'ready') {
          ready = true;
          this.restartDelayMs = this.options.restartDelayMs ?? 100;
          resolve();
        }
        this.receive(reply);
      });
      worker.on('error', (thrown: unknown) => {
        failure = asError(thrown);
        this.logger.error(`Projection runner thread failed: ${failure.message}`);
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = undefined;
        // A repair the thread had not finished is asked for again by the next read that meets it.
        this.settleRepairs(() => false);
        if (!ready) {
          reject(
            failure ??
              new Error(`The projection runner thread exited (code ${code}) before it was ready.`),
          );
          return;
        }
        if (this.stopping) return;
        this.logger.error(
          `Projection runner thread exited (code ${code}); starting it again from its checkpoints in ${this.restartDelayMs} ms.`,
        );
        void this.restart();
      });
    });
  }

  private async restart(): Promise<void> {
    await sleep(this.restartDelayMs);
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    if (this.stopping) return;
    this.started = this.spawn();
    await this.started.catch((error: unknown) => {
      this.logger.error(
        `Projection runner thread could not start again: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!this.stopping) void this.restart();
    });
  }

  private receive(reply: RunnerThreadReply): void {
    switch (reply.kind) {
      case 'ready':
      case 'stopped':
        this.advance(reply.reached);
        if (reply.kind === 'ready' && reply.handlers !== undefined) this.handlers = reply.handlers;
        return;
      case 'batch':
        this.advance(reply.reached);
        if (reply.handlers !== undefined) this.handlers = reply.handlers;
        for (const listener of this.batchListeners) {
          listener({
            events: reply.events,
            position: reply.position,
            ...(reply.timing === undefined ? {} : { timing: reply.timing }),
          });
        }
        return;
      case 'log':
        this.logger[reply.level](reply.message);
        return;
      case 'repair':
        this.noteRepair(reply.repair);
        return;
      default: {
        const unreachable: never = reply;
        throw new Error(`Unknown reply ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private noteRepair(repair: ReadModelRepair): void {
    // The thread's runner counted it as started too; this side counts what it is told.
    this.damageTally.started(repair.sessionId);
    this.damageTally.finished(repair);
    const waiters = this.repairWaiters.get(repair.sessionId) ?? [];
    this.repairWaiters.delete(repair.sessionId);
    for (const resolve of waiters) resolve(repair.outcome === 'repaired');
  }

  private settleRepairs(outcome: () => boolean): void {
    const all = [...this.repairWaiters.values()].flat();
    this.repairWaiters.clear();
    for (const resolve of all) resolve(outcome());
  }

  private advance(reached: number | null): void {
    this.reached = reached;
    if (reached !== null) this.waiters.reached(reached);
  }

  private post(message: RunnerThreadMessage): void {
    this.worker?.postMessage(message);
  }
}

/** Starts `projection-runner-worker` on a thread, from the build or from the TypeScript sources. */
export function startRunnerWorker(setup: RunnerThreadSetup): Worker {
  return startWorkerThread(__dirname, 'projection-runner-worker', setup);
}

/** What a thread threw, as an `Error` that says what it was (a thrown value crosses as a copy). */
function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === 'object' && thrown !== null) {
    const { name, message, code } = thrown as { name?: unknown; message?: unknown; code?: unknown };
    return new Error(
      [name, code, message].filter((part) => typeof part === 'string').join(': ') ||
        JSON.stringify(thrown),
    );
  }
  return new Error(String(thrown));
}
