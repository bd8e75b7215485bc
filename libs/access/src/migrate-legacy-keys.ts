import type { KeyRegistry } from './key-registry';
import { readLegacyKeysFile } from './legacy-keys-file';

/**
 * Copies the keys of `DATA_DIR/keys.sqlite` (earlier versions kept them there) into the access
 * stream, so that they hold on every node: only what the stream does not have yet (a key it
 * lacks, a revocation it lacks), with event ids derived from the key ids, so running it again,
 * or on two nodes at once, appends nothing more. Never brings a revoked key back. The number of
 * events appended.
 */
export async function migrateLegacyKeys(registry: KeyRegistry, dataDir: string): Promise<number> {
  const events = readLegacyKeysFile(dataDir);
  if (events.length === 0) return 0;
  return registry.import(events);
}
