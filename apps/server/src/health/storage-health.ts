import { statfsSync } from 'node:fs';

/** Below this many free bytes under `DATA_DIR`, `/health` says the storage is low. */
export const LOW_DISK_FREE_BYTES = 16 * 1024 * 1024;

/** How long after a write refused for a full disk `/health` keeps saying so (unless a write succeeds). */
const FULL_REMEMBERED_MS = 5 * 60_000;

/** Free bytes for this process under `dataDir`, or `null` when the file system does not say. */
function freeBytesUnder(dataDir: string): number | null {
  try {
    const stats = statfsSync(dataDir);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

/**
 * Below this many free bytes under `DATA_DIR` at start, the server starts read-only: SQLite's
 * WAL files need room (a shared-memory file of 32 KiB per database, pages of log), so a normal
 * start on a full disk fails (`SQLITE_IOERR_SHMSIZE`) and takes reads down with it.
 */
export const READ_ONLY_BELOW_FREE_BYTES = 1024 * 1024;

/** What `/health` says of the disk under `DATA_DIR`. */
export interface StorageHealth {
  status: 'ok' | 'degraded';
  freeBytes: number | null;
  /** Why it is degraded, when it is. */
  reason?: string;
  /** Present (`true`) when the server started read-only. */
  readOnly?: true;
}

let lastFullAt: number | undefined;
let readOnlyReason: string | undefined;

/**
 * Decides, once, before the server opens its files, whether it starts read-only: when less than
 * `READ_ONLY_BELOW_FREE_BYTES` are free under `dataDir`. Returns the reason then.
 */
export function decideReadOnlyStart(dataDir: string): string | undefined {
  const freeBytes = freeBytesUnder(dataDir);
  readOnlyReason =
    freeBytes !== null && freeBytes < READ_ONLY_BELOW_FREE_BYTES
      ? `The disk under DATA_DIR had ${freeBytes} bytes free at start (less than ${READ_ONLY_BELOW_FREE_BYTES}): the server started read-only. It serves reads; writes answer 507 StorageReadOnly. Free space, then restart the server to take writes again.`
      : undefined;
  return readOnlyReason;
}

/** Whether the server started read-only (`decideReadOnlyStart`). */
export function startedReadOnly(): boolean {
  return readOnlyReason !== undefined;
}
let damagedSince: number | undefined;

/**
 * A read of the data failed because an SQLite file is damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`):
 * `/health` says so until the server restarts (a damaged read-model file is rebuilt at start).
 */
export function noteDamagedData(error: unknown, now = Date.now()): void {
  if (damagedSince === undefined && isDamage(error)) damagedSince = now;
}

function isDamage(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** A write failed for a full disk (`507 StorageFull`): `/health` reports it until a write succeeds. */
export function noteStorageFull(now = Date.now()): void {
  lastFullAt = now;
}

/** A write succeeded: the disk takes writes again. */
export function noteStorageWritable(): void {
  lastFullAt = undefined;
}

/**
 * The data's state: degraded when the server started read-only, after SQLite reported a damaged file, when the disk has less than `LOW_DISK_FREE_BYTES` free (`statfs` of
 * `dataDir`, as seen by this unprivileged process) or a write was refused for a full disk in the
 * last five minutes with none succeeding since.
 */
export function storageHealth(dataDir: string, now = Date.now()): StorageHealth {
  const freeBytes = freeBytesUnder(dataDir);
  if (readOnlyReason !== undefined) {
    return { status: 'degraded', freeBytes, reason: readOnlyReason, readOnly: true };
  }
  if (damagedSince !== undefined) {
    return {
      status: 'degraded',
      freeBytes,
      reason: `A file under DATA_DIR is damaged (SQLite reported corruption at ${new Date(damagedSince).toISOString()}); restart the server: a damaged read-model file is set aside and rebuilt from the log.`,
    };
  }
  if (lastFullAt !== undefined && now - lastFullAt < FULL_REMEMBERED_MS) {
    return {
      status: 'degraded',
      freeBytes,
      reason:
        'A write was refused because the disk is full (507 StorageFull); free space under DATA_DIR.',
    };
  }
  if (freeBytes !== null && freeBytes < LOW_DISK_FREE_BYTES) {
    return {
      status: 'degraded',
      freeBytes,
      reason: `Less than ${LOW_DISK_FREE_BYTES / 1024 / 1024} MiB free under DATA_DIR; appends will soon answer 507 StorageFull.`,
    };
  }
  return { status: 'ok', freeBytes };
}
