import type { ExportPolicy } from '@agent-ledger/read-models';

/**
 * How a helper thread opens the stores `verify` reads: its own connections (a connection cannot
 * cross threads) to the embedded event store's file and, read-only, to the read models' file.
 */
export interface VerifyHelperSetup {
  eventStorePath: string;
  readModelPath: string;
  /** The content key store (`CONTENT_KEYS_PATH`, `CONTENT_MASTER_KEY`), when the log has sealed events. */
  contentKeys?: { path: string; masterKey?: Uint8Array };
}

/** What a helper thread starts with (every helper of a verify, the same). */
export interface VerifyWorkerData extends VerifyHelperSetup {
  /** The sessions to verify, in the order of the verdicts (the helper claims them by index). */
  sessionIds: string[];
  position: number | null;
  exportPolicy: ExportPolicy;
  /**
   * The rows of `rm_checkpoints` as the first thread's read transaction saw them (JSON): the
   * helper verifies only if its own snapshot sees the same ones, hence the same read models.
   */
  checkpoints: string;
  /** An `Int32Array` of one: the index of the next session to verify, claimed by `Atomics.add`. */
  next: SharedArrayBuffer;
}

/** What the helper says: a session's verdict, that its snapshot differs, or that it has finished. */
export type VerifyWorkerReply =
  | { kind: 'verdict'; index: number; differences: string[] }
  | { kind: 'snapshotMoved' }
  | { kind: 'done' };
