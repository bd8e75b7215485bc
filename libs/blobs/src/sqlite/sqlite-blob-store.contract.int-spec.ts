import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_CHUNK_SIZE, describeBlobStoreContract } from '../testing/blob-store-contract';
import { SqliteBlobStore } from './sqlite-blob-store';

describeBlobStoreContract('SqliteBlobStore', ({ now }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-blobs-contract-'));
  const store = new SqliteBlobStore({
    path: path.join(dir, 'blobs.sqlite'),
    chunkSize: CONTRACT_CHUNK_SIZE,
    now,
  });
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
});
