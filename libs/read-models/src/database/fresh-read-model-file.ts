import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import {
  damageOf,
  moveAside,
  type ReadModelDamage,
  type ReadModelDatabase,
} from './open-read-model-database';
import { processRuns } from './process-runs';
import { registerPackedText } from './register-packed-text';
import { RUNNER_SCHEMA_SQL } from './runner-schema';

/** A read-model file being built apart from the one in use (`openFreshReadModelFile`). */
export interface FreshReadModelFile {
  /** The connection to build it through (a `ProjectionRunner`'s `db`). */
  readonly db: ReadModelDatabase;
  /**
   * Makes the finished file durable and puts it in place of the read models' file, whose own WAL
   * and shared-memory files go first (they belong to the old file). Closes `db`. An old file that
   * SQLite finds damaged as it checkpoints it (not a database, a damaged header, schema or WAL; no
   * whole-file check is run) is moved aside to `<path>.damaged` instead, for a look, and said.
   */
  replace(): ReadModelDamage | undefined;
  /** Closes `db` and removes the unfinished file; the read models' file is left as it was. */
  discard(): void;
}

/**
 * Where a build by this process puts its file, beside the read models' file:
 * `<file>.rebuilding-<pid>-<random>`, a name of its own, so that two builds at once (two
 * `agent-ledger rebuild`s) never write or rename each other's file: each puts a whole file in
 * place, and the last one stays.
 */
function buildingPath(path: string): string {
  return `${rebuildingPrefix(path)}${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** The start of the name of every file a build of `path` makes: `<file>.rebuilding-`. */
export function rebuildingPrefix(path: string): string {
  return `${path}.rebuilding-`;
}

/**
 * Opens an empty read-model file beside `path` (`<path>.rebuilding-<pid>-<random>`; what builds
 * that were interrupted left there is removed first, once their process has ended), to be filled
 * whole and then put in place of `path` (`agent-ledger rebuild`). Nothing reads it until it is in
 * place, so it is written as a bulk load: the rollback journal in memory (a batch that fails is
 * still rolled back) and no fsync per commit, each page written once, where the file in use writes
 * every page to its WAL first and copies it into the file at a checkpoint. A crash meanwhile
 * leaves the file in use as it was. `replace` switches the finished file to WAL (as
 * `openReadModelDatabase` opens it), syncs it to the disk, and renames it over `path`.
 *
 * It takes the disk space of a second copy of the read models while it is built.
 */
export function openFreshReadModelFile(path: string): FreshReadModelFile {
  mkdirSync(dirname(path), { recursive: true });
  removeLeftovers(path);
  const building = buildingPath(path);
  const db = new Database(building);
  registerPackedText(db);
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
      const damage = retireOldFile(path);
      renameSync(building, path);
      syncFolder(dirname(path));
      return damage;
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
 * are removed. Left in place, SQLite would apply the old file's WAL to the new one. A file SQLite
 * finds damaged meanwhile is moved aside whole (with its WAL) to `<path>.damaged`.
 */
function retireOldFile(path: string): ReadModelDamage | undefined {
  let reason: string | undefined;
  try {
    const old = new Database(path, { fileMustExist: true, timeout: 0 });
    try {
      old.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      old.close();
    }
  } catch (error) {
    // No file (or a busy one): replaced all the same. One SQLite cannot read is kept for a look.
    reason = damageOf(error);
  }
  if (reason !== undefined) {
    const movedTo = `${path}.damaged`;
    moveAside(path, movedTo);
    return { path, movedTo, reason };
  }
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
  return undefined;
}

/**
 * Removes the files of earlier builds of `path` whose process has ended (killed, or the machine
 * stopped): a build still running (in another process, or in this one) keeps its own.
 */
function removeLeftovers(path: string): void {
  const prefix = basename(rebuildingPrefix(path));
  for (const name of readdirSync(dirname(path))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isSafeInteger(pid) && processRuns(pid)) continue;
    rmSync(join(dirname(path), name), { force: true });
  }
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) {
    rmSync(`${path}${suffix}`, { force: true });
  }
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
