import {
  FORWARDS,
  START,
  StreamNotFoundError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { mapEventStoreDbError } from '../map-eventstoredb-error';
import { ABSENT_BLOB_RECORD, evolveBlobRecord, type BlobRecord } from './blob-record';

/**
 * A blob's record, folded from its stream; `ABSENT_BLOB_RECORD` when the stream never existed or
 * was soft-deleted (a blob erased and cleaned up).
 */
export async function readBlobRecord(
  client: EventStoreDBClient,
  streamName: string,
): Promise<BlobRecord> {
  let record = ABSENT_BLOB_RECORD;
  const read = client.readStream(streamName, { direction: FORWARDS, fromRevision: START });
  try {
    for await (const resolved of read) {
      const event = resolved.event;
      if (event === undefined) continue;
      record = evolveBlobRecord(record, Number(event.revision), {
        type: event.type,
        data: event.data,
      });
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return ABSENT_BLOB_RECORD;
    throw mapEventStoreDbError(error, { streamName });
  }
  return record;
}
