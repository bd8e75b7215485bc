import {
  FORWARDS,
  START,
  StreamNotFoundError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { mapEventStoreDbError } from '../map-eventstoredb-error';

/** Event type of a session's reference list: the session refers (or is about to) to a blob. */
export const BLOB_REFERENCE_RECORDED = 'BlobReferenceRecorded';

/** The hashes a session's reference stream names, each once (none when it has no stream). */
export async function readSessionBlobReferences(
  client: EventStoreDBClient,
  streamName: string,
): Promise<Set<string>> {
  const hashes = new Set<string>();
  const read = client.readStream(streamName, { direction: FORWARDS, fromRevision: START });
  try {
    for await (const resolved of read) {
      const data: unknown = resolved.event?.data;
      if (resolved.event?.type !== BLOB_REFERENCE_RECORDED || !hasSha256(data)) continue;
      hashes.add(data.sha256);
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return hashes;
    throw mapEventStoreDbError(error, { streamName });
  }
  return hashes;
}

function hasSha256(data: unknown): data is { sha256: string } {
  return (
    typeof data === 'object' && data !== null && 'sha256' in data && typeof data.sha256 === 'string'
  );
}
