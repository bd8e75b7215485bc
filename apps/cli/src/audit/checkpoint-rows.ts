import type { ReadModelDatabase } from '@agent-ledger/read-models';

/**
 * Every row of `rm_checkpoints` (handler, version, position), as one JSON text. Every batch the
 * projection runner commits moves a checkpoint, and a rebuild resets them, so two read
 * transactions that see the same rows see the same read models.
 */
export function checkpointRows(db: ReadModelDatabase): string {
  return JSON.stringify(
    db.prepare('SELECT handler, version, position FROM rm_checkpoints ORDER BY handler').all(),
  );
}
