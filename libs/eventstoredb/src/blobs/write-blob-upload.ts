import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import {
  NO_STREAM,
  StreamDeletedError,
  binaryEvent,
  jsonEvent,
  type EventData,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { BlobDigestMismatchError, BlobUploadCutOffError, rechunk } from '@agent-ledger/blobs';
import { mapEventStoreDbError } from '../map-eventstoredb-error';
import { blobChunkAad } from './blob-chunk-aad';
import { blobStreamNames } from './blob-stream-names';
import { BLOB_UPLOAD_FINISHED } from './read-upload-state';
import { sealBlobChunk } from './seal-blob-chunk';

/** What {@link writeBlobUpload} writes. */
export interface BlobUploadToWrite {
  uploadId: string;
  tenant: string;
  /** The upload's data key. */
  key: KeyObject;
  chunkSize: number;
  /** Bytes that hash otherwise are refused (`BlobDigestMismatch`) before the finish mark. */
  expectedSha256: string | undefined;
}

/**
 * Streams `source` into the upload's chunk stream, one sealed event per chunk (chunk `i` at
 * revision `i`), then marks the stream finished with the blob's tenant and hash
 * (`BlobUploadFinished`), each append at the revision the put reached: a stream the sweep
 * tombstoned meanwhile is `BlobUploadCutOff`. Nothing here makes the upload a blob (the record's
 * commit does), and nothing is cleaned up on failure (the caller discards the upload).
 */
export async function writeBlobUpload(
  client: EventStoreDBClient,
  source: AsyncIterable<Uint8Array>,
  { uploadId, tenant, key, chunkSize, expectedSha256 }: BlobUploadToWrite,
): Promise<{ sha256: string; size: number; chunkCount: number }> {
  const chunkStream = blobStreamNames.chunks(uploadId);
  const hash = createHash('sha256');
  let size = 0;
  let index = 0;
  const expectedRevision = () => (index === 0 ? NO_STREAM : BigInt(index - 1));
  for await (const chunk of rechunk(source, chunkSize)) {
    hash.update(chunk);
    size += chunk.length;
    const sealed = sealBlobChunk(chunk, key, randomBytes(12), blobChunkAad(chunkStream, index));
    const event = binaryEvent({ type: 'BlobChunk', data: sealed });
    await appendToUpload(client, uploadId, event, expectedRevision());
    index += 1;
  }
  const sha256 = hash.digest('hex');
  if (expectedSha256 !== undefined && expectedSha256 !== sha256) {
    throw new BlobDigestMismatchError(expectedSha256, sha256);
  }
  // Past this mark the sweep no longer tombstones the chunks: it settles the upload on the
  // record, where the put's commit meets it.
  const finished = jsonEvent({ type: BLOB_UPLOAD_FINISHED, data: { tenant, sha256 } });
  await appendToUpload(client, uploadId, finished, expectedRevision());
  return { sha256, size, chunkCount: index };
}

async function appendToUpload(
  client: EventStoreDBClient,
  uploadId: string,
  event: EventData,
  expectedRevision: typeof NO_STREAM | bigint,
): Promise<void> {
  const streamName = blobStreamNames.chunks(uploadId);
  try {
    await client.appendToStream(streamName, [event], { expectedRevision });
  } catch (error) {
    if (error instanceof StreamDeletedError) throw new BlobUploadCutOffError(uploadId);
    throw mapEventStoreDbError(error, { streamName });
  }
}
