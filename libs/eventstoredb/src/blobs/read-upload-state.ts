import {
  BACKWARDS,
  END,
  StreamDeletedError,
  StreamNotFoundError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { mapEventStoreDbError } from '../map-eventstoredb-error';

/**
 * Event type of the small event a put appends to its chunk stream after the last chunk, naming
 * the blob the chunks are: the point past which the sweep no longer takes the stream by
 * tombstoning it (it settles the upload on the blob's record instead).
 */
export const BLOB_UPLOAD_FINISHED = 'BlobUploadFinished';

/** Where an upload's chunk stream stands, as the sweep sees it. */
export type UploadState =
  | { kind: 'deleted' }
  | { kind: 'empty' }
  | { kind: 'writing'; lastRevision: bigint }
  | { kind: 'finished'; tenant: string; sha256: string };

/** Reads the last event of an upload's chunk stream (one event, a chunk or the finish mark). */
export async function readUploadState(
  client: EventStoreDBClient,
  streamName: string,
): Promise<UploadState> {
  let state: UploadState = { kind: 'empty' };
  const read = client.readStream(streamName, {
    direction: BACKWARDS,
    fromRevision: END,
    maxCount: 1,
  });
  try {
    for await (const resolved of read) {
      const event = resolved.event;
      if (event === undefined) continue;
      const data: unknown = event.data;
      state =
        event.type === BLOB_UPLOAD_FINISHED && isFinishMark(data)
          ? { kind: 'finished', tenant: data.tenant, sha256: data.sha256 }
          : { kind: 'writing', lastRevision: event.revision };
    }
  } catch (error) {
    if (error instanceof StreamDeletedError) return { kind: 'deleted' };
    if (error instanceof StreamNotFoundError) return { kind: 'empty' };
    throw mapEventStoreDbError(error, { streamName });
  }
  return state;
}

function isFinishMark(data: unknown): data is { tenant: string; sha256: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    'tenant' in data &&
    typeof data.tenant === 'string' &&
    'sha256' in data &&
    typeof data.sha256 === 'string'
  );
}
