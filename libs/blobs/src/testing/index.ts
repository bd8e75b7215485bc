export { InMemoryBlobStore } from './in-memory-blob-store';
export {
  CONTRACT_CHUNK_SIZE,
  bytesSource,
  collectBytes,
  contractBytes,
  describeBlobStoreContract,
  type BlobStoreContractOptions,
  type BlobStoreUnderTest,
} from './blob-store-contract';
