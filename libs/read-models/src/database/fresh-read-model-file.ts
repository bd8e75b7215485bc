import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ReadModelDatabase } from './open-read-model-database';
import { RUNNER_SCHEMA_SQL } from './runner-schema';

/** A read-model file being built apart from the one in use (`openFreshReadModelFile`). */
export interface FreshReadModelFile {
  /** The connection to build it through (a `ProjectionRunner`'s `db`). */
  readonly db: ReadModelDatabase;
  /**
   * Makes the finished file durable and puts it in place of the read models' file, whose own WAL
   * and shared-memory files go first (they belong to the old file). Closes `db`.
   */
  replace(): void;
  /** Closes `db` and removes the unfinished file; the read models' file is left as it was. */
  discard(): void;
}

/** Where the file is built, beside the read models' file. */
export function freshReadModelPath(path: string): string {
  return `${path}.rebuilding`;
}

/**
 * Opens an empty read-model file beside `path` (`<path>.rebuilding`, replacing what an earlier,
 * interrupted build left there), to be filled whole and then put in place of `path`
 * (`agent-ledger rebuild`). Nothing reads it until it is in place, so it is written as a bulk load:
 * the rollback journal in memory (a batch that fails is still rolled back) and no fsync
 * per commit, each page written once, where the file in use writes every page to its WAL first and
 * copies it into the file at a checkpoint. A crash meanwhile leaves the file in use as it was and
 * an unfinished file that the next build removes. `replace` switches the finished file to WAL (as
 * `openReadModelDatabase` opens it), syncs it to the disk, and renames it over `path`.
 *
 * It takes the disk space of a second copy of the read models while it is built.
 */
export function openFreshReadModelFile(path: string): FreshReadModelFile {
  const building = freshReadModelPath(path);
  mkdirSync(dirname(path), { recursive: true });
  removeDatabaseFiles(building);
  const db = new Database(building);
  try {
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.exec(RUNNER_SCHEMA_SQL);
  } catch (error) {
    db.close();
    removeDatabaseFiles(building);
    throw error;
  }
  return {
    db,
    replace: () => {
      db.pragma('journal_mode = WAL');
      db.close();
      syncFile(building);
      retireOldFile(path);
      renameSync(building, path);
      syncFolder(dirname(path));
    },
    discard: () => {
      if (db.open) db.close();
      removeDatabaseFiles(building);
    },
  };
}

/**
 * Before `path` is replaced: its WAL is checkpointed into it (so that, should the process stop
 * before the rename, the old file is whole without its WAL), then the WAL and shared-memory files
 * are removed. Left in place, SQLite would apply the old file's WAL to the new one. A file that
 * cannot be opened or checkpointed (damaged, or not a database) is replaced all the same.
 */
function retireOldFile(path: string): void {
  try {
    const old = new Database(path, { fileMustExist: true, timeout: 0 });
    try {
      old.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      old.close();
    }
  } catch {
    // No file, or one SQLite cannot read: it is replaced whole.
  }
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm'])
    rmSync(`${path}${suffix}`, { force: true });
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename in `folder` durable (POSIX); where a folder cannot be opened (Windows), a no-op. */
function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems refuse to sync a folder; the rename itself has been made.
  } finally {
    closeSync(fd);
  }
}
