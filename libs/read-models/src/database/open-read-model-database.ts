import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { retryWhileBusy } from '@agent-ledger/event-store';
import { RUNNER_SCHEMA_SQL } from './runner-schema';

/** A read-model database: the better-sqlite3 connection every handler writes through. */
export type ReadModelDatabase = Database.Database;

/**
 * Opens (creating if needed, with its folder) the read models' own SQLite file, apart from the
 * event store so that it can be deleted and rebuilt at any time. WAL journal and
 * `synchronous = NORMAL`: a power loss may undo the last batches, but a batch's rows and its
 * checkpoint are in one transaction, so they are undone together and simply re-applied.
 * `':memory:'` gives a private in-memory database (tests).
 */
export function openReadModelDatabase(
  path: string,
  options: { busyTimeoutMs?: number } = {},
): ReadModelDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  // A server and the CLI (or two servers) may create the file at the same moment.
  return retryWhileBusy(() => openOnce(path, busyTimeoutMs), busyTimeoutMs);
}

function openOnce(path: string, busyTimeoutMs: number): ReadModelDatabase {
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(RUNNER_SCHEMA_SQL);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
