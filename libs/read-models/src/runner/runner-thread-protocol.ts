import type { ExportPolicy } from '../session-views/export-policy';
import type { DamageFoundBy, ReadModelRepair } from './read-model-damage';

/** What the projection runner's thread is started with (`workerData`). */
export interface RunnerThreadSetup {
  /** The embedded event store's file. */
  eventStorePath: string;
  /** The read models' file. */
  readModelPath: string;
  /** `openReadModelDatabase`'s `check` for it. */
  readModelCheck: 'quick' | 'header';
  /** The server's store's `appendSignal()`. */
  appendSignal: SharedArrayBuffer;
  exportPolicy?: ExportPolicy;
  /** The runner's `batchSize`. */
  batchSize?: number;
  /** The thread's store's `pollIntervalMs`: how soon appends by other processes are seen. */
  pollIntervalMs?: number;
  /** The runner's `sweepRowsPerSecond`. */
  sweepRowsPerSecond?: number;
  /** The content key store the thread opens sealed events with, when the log has them. */
  contentKeys?: RunnerContentKeys;
  /** The embedded blob store the search index reads blob outputs' text from, and how much of each. */
  searchBlobText?: RunnerSearchBlobText;
}

/** The blob file (`DATA_DIR/blobs.sqlite`) and `SEARCH_BLOB_TEXT_BYTES`. */
export interface RunnerSearchBlobText {
  blobStorePath: string;
  maxBytes: number;
}

/** Where the content key store is (`CONTENT_KEYS_PATH`), and its master key (`CONTENT_MASTER_KEY`). */
export interface RunnerContentKeys {
  path: string;
  masterKey?: Uint8Array;
}

/** What the server's thread tells the runner's thread. */
export type RunnerThreadMessage =
  /** Stop after the batch being applied, close both files, say `stopped`. */
  | { kind: 'stop' }
  /** Rebuild the session's read models (a read found a damaged row); say `repair` when done. */
  | { kind: 'repair'; sessionId: string; foundBy: DamageFoundBy };

/** What the runner's thread says. `reached`: the position every handler has reached (`null`: not all have started). */
export type RunnerThreadReply =
  | { kind: 'ready'; reached: number | null; handlers?: Record<string, number | null> }
  | {
      kind: 'batch';
      events: number;
      position: number;
      reached: number | null;
      /** Each handler's checkpoint after the batch. */
      handlers?: Record<string, number | null>;
      timing?: { startedAt: number; endedAt: number };
    }
  | { kind: 'log'; level: 'log' | 'warn' | 'error'; message: string }
  | { kind: 'repair'; repair: ReadModelRepair }
  | { kind: 'stopped'; reached: number | null };
