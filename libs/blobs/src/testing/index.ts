export { InMemoryBlobStore } from './in-memory-blob-store';
