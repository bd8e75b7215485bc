import type Database from 'better-sqlite3';
import { isSqliteBusy } from './retry-while-busy';

/** How often {@link truncateWal} tries, and how long it pauses between two tries. */
export interface TruncateWalAttempts {
  attempts: number;
  /** Blocks the thread (the callers are synchronous); default 0: tries again at once. */
  pauseMs?: number;
}

/**
 * `wal_checkpoint(TRUNCATE)` on `db` until the WAL is checkpointed into the file and emptied:
 * another connection reading an older snapshot (or writing) holds it up, which SQLite reports as
 * `busy` (or, on a connection without a busy timeout, as `SQLITE_BUSY`). Tries up to `attempts`
 * times; `true` once it went through, `false` when it was still held up after the last try (the
 * caller says what that means for it). Any other error is thrown.
 *
 * Erasures call it after a purge: until the WAL is truncated it keeps the pages as they were
 * before. The one implementation of that loop for every SQLite file of the ledger
 * (`truncateWalPatiently` in `@agent-ledger/read-models` tries once per turn of the event loop).
 */
export function truncateWal(db: Database.Database, options: TruncateWalAttempts): boolean {
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    if (tryOnce(db)) return true;
    if (attempt < options.attempts && (options.pauseMs ?? 0) > 0)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, options.pauseMs);
  }
  return false;
}

function tryOnce(db: Database.Database): boolean {
  try {
    const [outcome] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    return outcome === undefined || outcome.busy === 0;
  } catch (error) {
    if (isSqliteBusy(error)) return false;
    throw error;
  }
}
