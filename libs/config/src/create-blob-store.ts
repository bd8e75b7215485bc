import path from 'node:path';
import { SqliteBlobStore, type BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from './server-config';

/** Where the embedded store keeps its blobs. */
export function sqliteBlobStorePath(config: ServerConfig): string {
  return path.join(config.dataDir, 'blobs.sqlite');
}

/** A blob store, and how to close it. */
export interface OpenedBlobStore {
  store: BlobStore;
  close(): Promise<void>;
}

/**
 * The blob store of the configuration: the embedded one, `DATA_DIR/blobs.sqlite`, beside the
 * embedded event store. `readOnly`: the server started on a full disk (`SqliteBlobStoreOptions`).
 */
export function createBlobStore(
  config: ServerConfig,
  options: { readOnly?: boolean } = {},
): Promise<OpenedBlobStore> {
  return Promise.resolve().then(() => {
    const store = new SqliteBlobStore({
      path: sqliteBlobStorePath(config),
      ...(options.readOnly === true ? { readOnly: true } : {}),
    });
    return { store, close: () => store.close() };
  });
}
