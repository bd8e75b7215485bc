import type { KeyObject } from 'node:crypto';
import {
  FORWARDS,
  StreamDeletedError,
  StreamNotFoundError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { BlobNotFoundError, BlobUnreadableError, type ByteRange } from '@agent-ledger/blobs';
import { mapEventStoreDbError } from '../map-eventstoredb-error';
import { blobChunkAad } from './blob-chunk-aad';
import type { BlobContent } from './blob-record';
import { blobStreamNames } from './blob-stream-names';
import { openBlobChunk } from './open-blob-chunk';

/** What {@link readBlobChunks} reads. */
export interface BlobChunkRead {
  sha256: string;
  content: BlobContent;
  key: KeyObject;
  /** Inclusive, within the blob. */
  range: ByteRange;
  /** Chunks asked of the server per read call (at most that many sealed chunks in flight). */
  chunksPerRead: number;
}

/**
 * The bytes of `range`, read from the upload's chunk stream: only the chunks that hold them
 * (chunk `i` is at revision `i`), a few per server call, each opened (authenticated) before any
 * of its bytes is yielded. A chunk that is missing or does not open is `BlobUnreadableError`; a
 * chunk stream gone (an erasure between the record and the chunks) is `BlobNotFoundError`.
 */
export async function* readBlobChunks(
  client: EventStoreDBClient,
  { sha256, content, key, range, chunksPerRead }: BlobChunkRead,
): AsyncGenerator<Uint8Array> {
  const streamName = blobStreamNames.chunks(content.uploadId);
  const { chunkSize } = content;
  const last = Math.floor(range.end / chunkSize);
  for (let from = Math.floor(range.start / chunkSize); from <= last; from += chunksPerRead) {
    const count = Math.min(chunksPerRead, last - from + 1);
    const read = client.readStream(streamName, {
      direction: FORWARDS,
      fromRevision: BigInt(from),
      maxCount: count,
    });
    let index = from;
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (event === undefined) continue;
        const data: unknown = event.data;
        if (Number(event.revision) !== index || !(data instanceof Uint8Array)) {
          throw new BlobUnreadableError(sha256, index);
        }
        const chunk = openBlobChunk(data, key, blobChunkAad(streamName, index));
        if (chunk === undefined) throw new BlobUnreadableError(sha256, index);
        const chunkStart = index * chunkSize;
        const start = Math.max(range.start - chunkStart, 0);
        const end = Math.min(range.end - chunkStart + 1, chunk.length);
        yield start === 0 && end === chunk.length ? chunk : chunk.subarray(start, end);
        index += 1;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) {
        throw new BlobNotFoundError(sha256);
      }
      throw mapEventStoreDbError(error, { streamName });
    } finally {
      await read.cancel();
    }
    if (index !== from + count) throw new BlobUnreadableError(sha256, index);
  }
}
