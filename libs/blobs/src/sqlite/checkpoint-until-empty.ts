import type Database from 'better-sqlite3';

const ATTEMPTS = 50;

/**
 * `wal_checkpoint(TRUNCATE)` until it completes: it cannot while a reader holds an older
 * snapshot, which the blob store's readers do for one statement only. Busy-waits a little between
 * attempts (the store is synchronous); `false` when the WAL is still not empty after the last.
 */
export function checkpointUntilEmpty(db: Database.Database): boolean {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result?.busy === 0) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  return false;
}
