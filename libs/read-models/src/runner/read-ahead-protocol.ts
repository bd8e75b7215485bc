import type { RecordedEvent } from '@agent-ledger/event-store';
import type { SessionLogEventRefusal } from './parse-session-log-event';

/**
 * How the runner's read-ahead thread opens the log: the embedded event store's file, through a
 * connection of its own (a connection cannot cross threads).
 */
export interface ReadAheadSetup {
  eventStorePath: string;
}

/** What the read-ahead thread starts with. */
export interface ReadAheadThreadData extends ReadAheadSetup {
  /** The runner's batch size: a chunk ends where the runner would commit a batch. */
  batchSize: number;
  /**
   * An `Int32Array` of two: at `TAKEN` the chunks the runner has taken (so the thread stays few
   * ahead), at `READY` 1 once the thread has opened the store: read without a turn of the event
   * loop, which a runner catching up may not take between batches.
   */
  shared: SharedArrayBuffer;
}

/** What the runner tells the thread once it is ready: where to start reading `$all`. */
export interface ReadAheadStart {
  fromPosition: number | null;
}

/** Where in `shared` the chunks taken are counted. */
export const TAKEN = 0;
/** Where in `shared` the thread says it is ready. */
export const READY = 1;

/**
 * What the thread sends: a chunk of the subscription, JSON of `ReadAheadItem[]`, and for each
 * event the checks accepted, in order, its payload as `JSON.stringify` of it (that event's `data`
 * is `null` in `items`) and, for a recorded message, its search index text (`null` otherwise):
 * the runner parses each payload from its own text and the handlers use the text and the index
 * text the thread made (`rememberSent`) instead of deriving them again.
 */
export interface ReadAheadChunk {
  items: string;
  payloads: string[];
  indexTexts: ({ terms: string; parts: string } | null)[];
}

/**
 * A subscription message as the thread passes it on: an event comes with why the checks refused
 * it, if they did (`refuseSessionLogEvent`), so that the runner's thread does not check it again.
 */
export type ReadAheadItem =
  | { kind: 'event'; event: RecordedEvent; refusal?: SessionLogEventRefusal }
  | { kind: 'caughtUp'; position: number | null }
  | { kind: 'checkpoint'; position: number };
