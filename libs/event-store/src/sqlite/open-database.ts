import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { retryWhileBusy } from './retry-while-busy';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema';

/** How the file is opened; see `SqliteEventStoreOptions`. */
export interface OpenDatabaseOptions {
  path: string;
  synchronous: 'full' | 'normal';
  busyTimeoutMs: number;
  /** See `SqliteEventStoreOptions.readOnly`. */
  readOnly?: boolean;
}

/**
 * Opens (creating if needed) the store's file: WAL journal, the chosen `synchronous` level, a busy
 * timeout so that processes sharing the file wait for each other's write lock instead of failing,
 * the schema, and a `regexp` function for the regular-expression filters. Refuses a file written
 * by a newer version of the schema. Processes opening a new file together retry while it is busy.
 */
export function openDatabase(options: OpenDatabaseOptions): Database.Database {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  return retryWhileBusy(
    () => (options.readOnly === true ? openReadOnly(options) : openOnce(options)),
    options.busyTimeoutMs,
  );
}

/**
 * Opens an existing file to read it where nothing can be written (a full disk): in exclusive
 * locking mode, set before the first read, SQLite keeps the WAL index in this process's memory
 * instead of the `-shm` file it could not grow (`SQLITE_IOERR_SHMSIZE`); no other connection can
 * open the file meanwhile. `query_only` refuses every write on it.
 */
function openReadOnly(options: OpenDatabaseOptions): Database.Database {
  const db = new Database(options.path, { timeout: options.busyTimeoutMs, fileMustExist: true });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.function('regexp', { deterministic: true }, regexpFunction());
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version !== SCHEMA_VERSION) {
      throw new Error(
        `The event store file has schema version ${version}; read-only, this build reads ${SCHEMA_VERSION} only (it cannot migrate the file).`,
      );
    }
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function openOnce(options: OpenDatabaseOptions): Database.Database {
  const db = new Database(options.path, { timeout: options.busyTimeoutMs });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    // Only an erasure deletes rows: their bytes are overwritten, not left in free space.
    db.pragma('secure_delete = ON');
    db.function('regexp', { deterministic: true }, regexpFunction());
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Database.Database): void {
  db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `The event store file has schema version ${version}; this build reads up to ${SCHEMA_VERSION}. Upgrade the application.`,
      );
    }
    if (version === SCHEMA_VERSION) return;
    db.exec(SCHEMA_SQL);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/** SQLite's `x REGEXP y` calls `regexp(y, x)`; patterns are compiled once per connection. */
function regexpFunction(): (pattern: unknown, value: unknown) => number {
  const compiled = new Map<string, RegExp>();
  return (pattern, value) => {
    if (typeof pattern !== 'string' || typeof value !== 'string') return 0;
    let regex = compiled.get(pattern);
    if (regex === undefined) {
      regex = new RegExp(pattern);
      compiled.set(pattern, regex);
    }
    return regex.test(value) ? 1 : 0;
  };
}
