import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { OpenDatabaseOptions } from './open-database';
import { startWorkerThread } from './start-worker-thread';
import type { StoreWriter } from './store-writer';
import { decodeWriteError, type EncodedWriteError } from './write-error-codec';
import type { WriteRequest, WriteResult } from './write-request';

/** What the store's thread sends the write worker. */
export type WorkerMessage =
  { kind: 'commit'; batch: number; requests: WriteRequest[] } | { kind: 'close' };

/** What the write worker says: that its connection is open, or each write's outcome of a batch. */
export type WorkerReply = { kind: 'ready' } | BatchOutcome;

/** What the write worker answers for a batch: each write's outcome, in order. */
export interface BatchOutcome {
  kind: 'batch';
  batch: number;
  /** Whether any write of the batch added events. */
  written: boolean;
  outcomes: Array<{ ok: true; result: WriteResult } | { ok: false; error: EncodedWriteError }>;
}

interface Queued {
  request: WriteRequest;
  resolve: (result: WriteResult) => void;
  reject: (error: Error) => void;
}

/**
 * How long after the store opens the worker may start at the soonest: after start-up, so that its
 * own start (its modules, its connection) does not compete for the CPU with the first commands
 * after a restart.
 */
export const WORKER_START_DELAY_MS = 250;

/** The most writes sent in one batch; more wait for the next. */
const MAX_WRITES_PER_BATCH = 256;

/**
 * Group commit on a worker thread: the writes asked for while the worker commits a batch are
 * queued, and sent together as the next batch when it answers (the first of a quiet spell on the
 * next turn of the event loop), so the commits and their fsyncs run beside this thread's work
 * instead of stopping it. One batch is in flight at a time: writes commit in the order asked for.
 * Each write still resolves only once the worker's commit is durable, and fails alone
 * (`GroupCommit`, in the worker). The worker starts with the first batch of two writes or more
 * (writes that arrive together: a commit shared, and worth taking off this thread) at least
 * `startDelayMs` after the store opens, or when `whenReady` is asked; until it has opened its
 * connection, batches are committed on this thread (`starting`). So a store written one command
 * at a time (a restart's first commands, a script) never pays for a thread it would not use.
 */
export class WorkerWriter implements StoreWriter {
  private worker: Worker | undefined;
  private readonly openedAt = performance.now();
  private queued: Queued[] = [];
  private inFlight: Queued[] | undefined;
  private batch = 0;
  private scheduled = false;
  /** The last write asked for per stream, and of all, while not settled: what a read waits for. */
  private readonly lastPerStream = new Map<string, Promise<unknown>>();
  private lastOfAll: Promise<unknown> | undefined;
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  private ready = false;
  private readonly database: OpenDatabaseOptions;
  private readonly startDelayMs: number;
  /** Someone waits for the worker: the process is held open until it is ready. */
  private awaitedReady = false;
  private readonly readyPromise: Promise<void>;
  private becameReady: () => void = () => undefined;

  constructor(
    database: OpenDatabaseOptions,
    private readonly onWritten: () => void,
    /** The writer on this thread's connection, used until the worker is ready. */
    private readonly starting: StoreWriter,
    startDelayMs: number = WORKER_START_DELAY_MS,
  ) {
    this.database = database;
    this.startDelayMs = startDelayMs;
    this.readyPromise = new Promise((resolve) => (this.becameReady = resolve));
  }

  /** Starts the worker if need be; resolves once writes go to it (the process held open until then). */
  whenReady(): Promise<void> {
    if (!this.ready) {
      this.awaitedReady = true;
      if (this.worker === undefined) this.start();
      else this.worker.ref();
    }
    return this.readyPromise;
  }

  private start(): void {
    if (this.worker !== undefined || this.closing !== undefined) return;
    const worker = startWorkerThread(__dirname, 'write-worker', this.database);
    this.worker = worker;
    if (!this.awaitedReady) worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind !== 'ready') return this.answered(reply);
      this.ready = true;
      // Held open while closing: `close` waits for the worker to close its connection and exit.
      if (this.inFlight === undefined && this.closing === undefined) worker.unref();
      this.becameReady();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.closing === undefined) this.fail(new Error(`The write worker exited (${code}).`));
    });
  }

  submit(request: WriteRequest): Promise<WriteResult> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.closing !== undefined) return Promise.reject(new Error('The event store is closed.'));
    const promise = new Promise<WriteResult>((resolve, reject) => {
      this.queued.push({ request, resolve, reject });
    });
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.lastPerStream.set(request.streamName, settled);
    this.lastOfAll = settled;
    void settled.then(() => {
      if (this.lastPerStream.get(request.streamName) === settled)
        this.lastPerStream.delete(request.streamName);
      if (this.lastOfAll === settled) this.lastOfAll = undefined;
    });
    if (this.inFlight === undefined && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.send();
      });
    }
    return promise;
  }

  read<T>(streamName: string | null, work: () => T): Promise<T> {
    const before = streamName === null ? this.lastOfAll : this.lastPerStream.get(streamName);
    if (before === undefined) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return before.then(work);
  }

  hasQueuedWrites(streamName: string | null): boolean {
    return streamName === null ? this.lastOfAll !== undefined : this.lastPerStream.has(streamName);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.lastOfAll;
      await this.starting.close();
      const worker = this.worker;
      if (worker === undefined) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held open until the worker has closed its connection (else the process could end first).
      worker.ref();
      worker.postMessage({ kind: 'close' } satisfies WorkerMessage);
      await exited;
    })();
    return this.closing;
  }

  private send(): void {
    if (this.inFlight !== undefined || this.queued.length === 0) return;
    if (
      this.worker === undefined &&
      this.queued.length >= 2 &&
      performance.now() - this.openedAt >= this.startDelayMs
    ) {
      this.start();
    }
    const worker = this.worker;
    if (!this.ready || worker === undefined) {
      // Committed on this thread, on its next turn (in the order asked for, before any later batch).
      for (const { request, resolve, reject } of this.queued.splice(0)) {
        this.starting.submit(request).then(resolve, reject);
      }
      return;
    }
    const sending = this.queued.splice(0, MAX_WRITES_PER_BATCH);
    this.inFlight = sending;
    this.batch += 1;
    // Held open while a batch is in flight: the process waits for its writes to be answered.
    worker.ref();
    const message: WorkerMessage = {
      kind: 'commit',
      batch: this.batch,
      requests: sending.map((queued) => queued.request),
    };
    worker.postMessage(message);
  }

  private answered(reply: BatchOutcome): void {
    const batch = this.inFlight;
    if (batch === undefined || reply.batch !== this.batch) return;
    this.inFlight = undefined;
    this.worker?.unref();
    if (reply.written) this.onWritten();
    reply.outcomes.forEach((outcome, index) => {
      const queued = batch[index];
      if (queued === undefined) return;
      if (outcome.ok) queued.resolve(outcome.result);
      else queued.reject(decodeWriteError(outcome.error));
    });
    this.send();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = [...(this.inFlight ?? []), ...this.queued];
    this.inFlight = undefined;
    this.queued = [];
    for (const queued of waiting) queued.reject(error);
  }
}
