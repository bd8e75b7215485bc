import { mkdirSync } from 'node:fs';
import { KeyStore } from '@agent-ledger/access';
import type { ServerConfig } from '@agent-ledger/config';
import { startedReadOnly } from '../health/storage-health';

/**
 * The server's keys: `DATA_DIR/keys.sqlite`, created empty (an open server) when missing; read
 * only when the server started read-only (a full disk).
 */
export function openKeyStore(config: ServerConfig): KeyStore {
  if (startedReadOnly()) return KeyStore.openReadOnly(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  return KeyStore.open(config.dataDir);
}
