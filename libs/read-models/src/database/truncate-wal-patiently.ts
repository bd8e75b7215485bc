import { setTimeout as sleep } from 'node:timers/promises';
import { truncateWal } from '@agent-ledger/event-store';
import Database from 'better-sqlite3';

/** Options of {@link truncateWalPatiently}. */
export interface TruncateWalOptions {
  /** How long readers and writers may hold the checkpoint up before it fails. Default 10 s. */
  timeoutMs?: number;
  /** The pause between two attempts (the event loop stays free meanwhile). Default 20 ms. */
  retryDelayMs?: number;
}

/** The WAL of a SQLite file could not be truncated in time: it may still hold erased pages. */
export class WalNotTruncatedError extends Error {
  readonly code = 'WalNotTruncated';

  constructor(
    readonly path: string,
    timeoutMs: number,
  ) {
    super(
      `Readers or writers of ${path} kept its WAL from being checkpointed and truncated for ${timeoutMs} ms; it may still hold erased pages. Try again once they are done.`,
    );
    this.name = 'WalNotTruncatedError';
  }
}

/**
 * Checkpoints the WAL of the SQLite file at `path` into the file and truncates it to zero bytes,
 * on a connection of its own that never waits inside SQLite (busy timeout 0): while a reader's
 * snapshot or a writer's transaction holds the checkpoint up, it sleeps and tries again, so the
 * thread calling it keeps serving. Resolves once the WAL is empty (or the file has none);
 * rejects with {@link WalNotTruncatedError} after `timeoutMs`.
 *
 * An erasure calls it before its receipt: the WAL keeps page images from before the purge until
 * it is truncated, and a crash between the purge and a checkpoint leaves them there for the
 * next process (which opens the file without checkpointing it).
 */
export async function truncateWalPatiently(
  path: string,
  options: TruncateWalOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 20;
  const deadline = Date.now() + timeoutMs;
  const db = new Database(path, { fileMustExist: true, timeout: 0 });
  try {
    for (;;) {
      if (truncateWal(db, { attempts: 1 })) return;
      if (Date.now() >= deadline) throw new WalNotTruncatedError(path, timeoutMs);
      await sleep(retryDelayMs);
    }
  } finally {
    db.close();
  }
}
