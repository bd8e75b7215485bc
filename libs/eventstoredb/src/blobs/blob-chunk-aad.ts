/**
 * The additional authenticated data of a sealed chunk: its upload's chunk stream and its index,
 * NUL-separated. A chunk copied to another place in its upload, or to another upload, fails to
 * open.
 */
export function blobChunkAad(chunkStream: string, index: number): Buffer {
  return Buffer.from(`agent-ledger/blob-chunk/v1\0${chunkStream}\0${index}`);
}
