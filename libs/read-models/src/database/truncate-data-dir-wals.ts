import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { truncateWalPatiently } from './truncate-wal-patiently';

const WAL_SUFFIX = '-wal';

/**
 * Checkpoints and truncates the WAL of every SQLite file directly under `dataDir` (the log, the
 * read models, the blobs, the decider snapshots, the content keys): the last step of an erasure
 * before its receipt. Each store truncates its own WAL after its purge when no reader holds it up;
 * this waits for the readers, and covers a crash between a purge and its checkpoint (a process
 * that opens a file does not checkpoint its WAL). Rejects when one stays held up.
 */
export async function truncateDataDirWals(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  for (const name of readdirSync(dataDir)) {
    if (!name.endsWith(WAL_SUFFIX)) continue;
    const file = path.join(dataDir, name.slice(0, -WAL_SUFFIX.length));
    if (existsSync(file)) await truncateWalPatiently(file);
  }
}
