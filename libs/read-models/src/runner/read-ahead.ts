import type { Worker } from 'node:worker_threads';
import { startWorkerThread, type SubscriptionMessage } from '@agent-ledger/event-store';
import { checkedSessionLogEvent, type ParsedSessionLogEvent } from './parse-session-log-event';
import { rememberSent } from './read-ahead-sent';
import {
  READY,
  TAKEN,
  type ReadAheadChunk,
  type ReadAheadItem,
  type ReadAheadSetup,
  type ReadAheadStart,
  type ReadAheadThreadData,
} from './read-ahead-protocol';

/** A subscription message from the read-ahead thread: an event comes parsed and checked. */
export type ReadAheadMessage =
  | { kind: 'event'; event: SubscriptionEvent['event']; parsed: ParsedSessionLogEvent }
  | Exclude<SubscriptionMessage, SubscriptionEvent>;

type SubscriptionEvent = Extract<SubscriptionMessage, { kind: 'event' }>;

/**
 * The log read on a thread of its own while the runner catches up (`read-ahead-loop`): reading
 * `$all` and checking each event against its schema run there, beside the runner's handlers and
 * writes, and the events reach this thread parsed. The thread starts at once but reads only once
 * told where from (`messages`), so the runner keeps reading by itself until the thread is
 * `ready`, then hands over at a batch's end.
 */
export class ReadAhead {
  private readonly worker: Worker;
  private readonly shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  private readonly chunks: ReadAheadChunk[] = [];
  private failure: Error | undefined;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(setup: ReadAheadSetup, batchSize: number) {
    this.worker = startWorkerThread(__dirname, 'read-ahead-loop', {
      ...setup,
      batchSize,
      shared: this.shared.buffer,
    } satisfies ReadAheadThreadData);
    this.worker.on('message', (chunk: ReadAheadChunk) => {
      this.chunks.push(chunk);
      this.wake?.();
    });
    this.worker.on('error', (error) => {
      this.failure ??= error;
      this.wake?.();
    });
    this.worker.on('exit', (code) => {
      this.failure ??= new Error(`The read-ahead thread ended (exit code ${code}).`);
      this.wake?.();
    });
  }

  /**
   * True once the thread has opened the store and waits to be told where to start: known without
   * a turn of the event loop, which a runner catching up may not take between batches.
   */
  get ready(): boolean {
    return Atomics.load(this.shared, READY) === 1 && this.failure === undefined;
  }

  /**
   * The subscription's messages after `fromPosition`, up to and including `caughtUp`. Should the
   * thread fail, the iteration fails (as a subscription's would).
   */
  async *messages(fromPosition: number | null): AsyncGenerator<ReadAheadMessage, void> {
    const start: ReadAheadStart = { fromPosition };
    this.worker.postMessage(start);
    for (;;) {
      const chunk = await this.nextChunk();
      // Closed: the iteration ends quietly (a message asked for meanwhile gets `done`).
      if (chunk === undefined) return;
      Atomics.add(this.shared, TAKEN, 1);
      Atomics.notify(this.shared, TAKEN);
      // JSON this package's own thread wrote from the store's events.
      const payloads = chunk.payloads;
      let payload = 0;
      for (const item of JSON.parse(chunk.items) as ReadAheadItem[]) {
        if (item.kind !== 'event') {
          yield item;
          if (item.kind === 'caughtUp') return;
          continue;
        }
        const { event, refusal } = item;
        if (refusal !== undefined) {
          yield { kind: 'event', event, parsed: refusal };
          continue;
        }
        const json = payloads[payload];
        const indexText = chunk.indexTexts[payload] ?? undefined;
        payload += 1;
        if (json === undefined)
          throw new Error('The read-ahead thread sent an event without its payload.');
        const data = JSON.parse(json) as unknown;
        // Accepted by the schema of its type: an object (a session event's payload).
        if (typeof data === 'object' && data !== null) rememberSent(data, { json, indexText });
        event.data = data;
        yield { kind: 'event', event, parsed: { ok: true, event: checkedSessionLogEvent(event) } };
      }
    }
  }

  /** Ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.worker.terminate();
  }

  private async nextChunk(): Promise<ReadAheadChunk | undefined> {
    for (;;) {
      if (this.closed) return undefined;
      const chunk = this.chunks.shift();
      if (chunk !== undefined) return chunk;
      if (this.failure !== undefined) throw this.failure;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
