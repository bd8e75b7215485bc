export type { BlobRef, BlobStore, ByteRange, StoredBlob } from './blob-store';
