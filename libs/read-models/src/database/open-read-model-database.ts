import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { retryWhileBusy } from '@agent-ledger/event-store';
import { registerPackedText } from './register-packed-text';
import { RUNNER_SCHEMA_SQL } from './runner-schema';

/** Pages of WAL (4 KiB each) after which a commit checkpoints it into the file. */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** A read-model database: the better-sqlite3 connection every handler writes through. */
export type ReadModelDatabase = Database.Database;

/** A read-model file found damaged on open, and where it was moved before a fresh one was made. */
export interface ReadModelDamage {
  path: string;
  /** `<path>.damaged`: the damaged file, kept for a look (the next damage replaces it). */
  movedTo: string;
  /** What SQLite said: `SQLITE_NOTADB: file is not a database`, or the integrity check's first finding. */
  reason: string;
}

/** Options of `openReadModelDatabase`. */
export interface OpenReadModelDatabaseOptions {
  /** How long to wait for another connection's lock; default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Told when the file was damaged and replaced by an empty one (which the projection runner then
   * rebuilds from the log). Default: one line on stderr.
   */
  onDamaged?: (damage: ReadModelDamage) => void;
  /**
   * How much of the file is checked before it is used:
   * - `'quick'` (default): SQLite's `PRAGMA quick_check`, which reads every page of the file
   *   (about 0.4 s for the read models of 100,000 events on a local disk, growing with the file);
   * - `'header'`: only what opening reads (the header and the schema). A file that is not a
   *   database is still found; damage deeper in it is met by the statement that reads it, as an
   *   `SQLITE_CORRUPT` error. For a connection opened beside another that has just checked the
   *   file (the server's runner thread), and for audits that read the rows anyway.
   */
  check?: 'quick' | 'header';
  /**
   * What a damaged file gets: `'replace'` (default) moves it aside and opens an empty one (derived
   * data, rebuilt from the log); `'refuse'` leaves it where it is and throws
   * `ReadModelFileDamagedError` (an audit must not change the file it audits).
   */
  whenDamaged?: 'replace' | 'refuse';
  /**
   * Read an existing file where nothing can be written (the server started on a full disk): one
   * connection holding the file exclusively, its WAL index in memory instead of the `-shm` file
   * SQLite could not grow, every write refused (`query_only`); only the header is checked, and a
   * damaged file is an error (it cannot be replaced). Default `false`.
   */
  readOnly?: boolean;
}

/**
 * Opens (creating if needed, with its folder) the read models' own SQLite file, apart from the
 * event store so that it can be deleted and rebuilt at any time. WAL journal and
 * `synchronous = NORMAL`: a power loss may undo the last batches, but a batch's rows and its
 * checkpoint are in one transaction, so they are undone together and simply re-applied.
 *
 * A file SQLite cannot read (not a database, or failing `PRAGMA quick_check`) is derived data
 * that the log can rebuild: it is moved aside to `<path>.damaged` (with its WAL), `onDamaged` is
 * told, and an empty database is opened in its place — its missing checkpoints make the runner
 * rebuild every read model (unless `whenDamaged: 'refuse'`). `':memory:'` gives a private
 * in-memory database (tests).
 */
export function openReadModelDatabase(
  path: string,
  options: OpenReadModelDatabaseOptions = {},
): ReadModelDatabase {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (options.readOnly === true) {
    return retryWhileBusy(() => openReadOnly(path, busyTimeoutMs), busyTimeoutMs);
  }
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const quickCheck = (options.check ?? 'quick') === 'quick';
  // A server and the CLI (or two servers) may create the file at the same moment.
  const open = (): ReadModelDatabase =>
    retryWhileBusy(() => openOnce(path, busyTimeoutMs, quickCheck), busyTimeoutMs);
  try {
    return open();
  } catch (error) {
    const reason = damageOf(error);
    if (reason === undefined || path === ':memory:') throw error;
    if (options.whenDamaged === 'refuse') throw new ReadModelFileDamagedError(path, reason);
    const movedTo = `${path}.damaged`;
    moveAside(path, movedTo);
    (options.onDamaged ?? reportOnStderr)({ path, movedTo, reason });
    return open();
  }
}

function openOnce(path: string, busyTimeoutMs: number, quickCheck: boolean): ReadModelDatabase {
  const db = new Database(path, { timeout: busyTimeoutMs });
  registerPackedText(db);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // An erasure's rows (and every older version of a row) are zeroed when freed, not left in
    // free space where a file scan would find them.
    db.pragma('secure_delete = ON');
    // Checkpoint the WAL back into the file every ~40 MB of it, not SQLite's default ~4 MB: the
    // runner's batches rewrite the same index and search-index pages, and each checkpoint copies
    // them again (and syncs the file). Under a stream of appends, the server made ~8% more turns
    // per second with it (\`npm run bench -- http-append\`).
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    if (quickCheck) {
      const finding = db.pragma('quick_check(1)', { simple: true });
      if (finding !== 'ok') throw new QuickCheckFinding(String(finding));
    }
    // Reads the schema (and creates the runner's tables): a damaged header or schema fails here.
    db.exec(RUNNER_SCHEMA_SQL);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function openReadOnly(path: string, busyTimeoutMs: number): ReadModelDatabase {
  const db = new Database(path, { timeout: busyTimeoutMs, fileMustExist: true });
  registerPackedText(db);
  try {
    // Before the first read: the WAL index then lives in this process's memory.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.exec(RUNNER_SCHEMA_SQL);
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** `PRAGMA quick_check` found the file damaged. */
class QuickCheckFinding extends Error {
  readonly code = 'SQLITE_CORRUPT';
}

/**
 * The read-model file is damaged and was left where it is (`whenDamaged: 'refuse'`). Not a
 * `ReadModelError`: those are answers to a query, this is the file itself.
 */
export class ReadModelFileDamagedError extends Error {
  readonly code = 'ReadModelFileDamaged';
  constructor(
    readonly path: string,
    /** As in {@link ReadModelDamage}: `SQLITE_NOTADB: file is not a database`, … */
    readonly reason: string,
  ) {
    super(`The read models at ${path} are damaged (${reason}).`);
  }
}

/**
 * SQLite's word for an unreadable file (`SQLITE_CORRUPT…`, `SQLITE_NOTADB`, as `CODE: message`),
 * or `undefined` for any other failure (busy, no space, …).
 */
export function damageOf(error: unknown): string | undefined {
  // Not `instanceof Error`: better-sqlite3's native side keeps the error class of the first
  // JavaScript realm that loaded it, so under a test runner's module sandboxes it may be another's.
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  if (typeof code !== 'string') return undefined;
  if (!code.startsWith('SQLITE_CORRUPT') && code !== 'SQLITE_NOTADB') return undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  // One line: `quick_check`'s findings come on several.
  return `${code}: ${message.replace(/\s*\n\s*/g, ' ')}`;
}

/** Moves the file at `path`, with its WAL and shared memory, to `movedTo` (replacing what was there). */
export function moveAside(path: string, movedTo: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${movedTo}${suffix}`, { force: true });
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${movedTo}${suffix}`);
  }
}

function reportOnStderr(damage: ReadModelDamage): void {
  process.stderr.write(
    `The read models at ${damage.path} were damaged (${damage.reason}); moved to ${damage.movedTo}, rebuilding them from the log.\n`,
  );
}
