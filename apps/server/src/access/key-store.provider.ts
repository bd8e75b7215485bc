import { mkdirSync } from 'node:fs';
import { KeyStore } from '@agent-ledger/access';
import type { ServerConfig } from '@agent-ledger/config';

/** The server's keys: `DATA_DIR/keys.sqlite`, created empty (an open server) when missing. */
export function openKeyStore(config: ServerConfig): KeyStore {
  mkdirSync(config.dataDir, { recursive: true });
  return KeyStore.open(config.dataDir);
}
