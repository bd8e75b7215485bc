import type Database from 'better-sqlite3';

const ATTEMPTS = 50;

/**
 * `wal_checkpoint(TRUNCATE)` until it completes: it cannot while another connection reads an
 * older snapshot, which the key store's readers hold for one statement only. Busy-waits a little
 * between attempts (the store is synchronous); after the last attempt the WAL is left for the
 * next destruction or checkpoint to empty, and `false` says so.
 */
export function checkpointUntilEmpty(db: Database.Database): boolean {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result?.busy === 0) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  return false;
}
