import { statfsSync } from 'node:fs';

/** Below this many free bytes under `DATA_DIR`, `/health` says the storage is low. */
export const LOW_DISK_FREE_BYTES = 16 * 1024 * 1024;

/** How long after a write refused for a full disk `/health` keeps saying so (unless a write succeeds). */
const FULL_REMEMBERED_MS = 5 * 60_000;

/** What `/health` says of the disk under `DATA_DIR`. */
export interface StorageHealth {
  status: 'ok' | 'degraded';
  freeBytes: number | null;
  /** Why it is degraded, when it is. */
  reason?: string;
}

let lastFullAt: number | undefined;

/** A write failed for a full disk (`507 StorageFull`): `/health` reports it until a write succeeds. */
export function noteStorageFull(now = Date.now()): void {
  lastFullAt = now;
}

/** A write succeeded: the disk takes writes again. */
export function noteStorageWritable(): void {
  lastFullAt = undefined;
}

/**
 * The disk's state: degraded when it has less than `LOW_DISK_FREE_BYTES` free (`statfs` of
 * `dataDir`, as seen by this unprivileged process) or a write was refused for a full disk in the
 * last five minutes with none succeeding since.
 */
export function storageHealth(dataDir: string, now = Date.now()): StorageHealth {
  let freeBytes: number | null = null;
  try {
    const stats = statfsSync(dataDir);
    freeBytes = Number(stats.bavail) * Number(stats.bsize);
  } catch {
    freeBytes = null;
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
