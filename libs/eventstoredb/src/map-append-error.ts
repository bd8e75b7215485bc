import {
  StreamDeletedError as EsdbStreamDeletedError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { StreamDeletedError } from '@agent-ledger/event-store';
import { mapEventStoreDbError, type ErrorContext } from './map-eventstoredb-error';
import { readStreamRevision } from './read-stream-revision';

/**
 * {@link mapEventStoreDbError} for appends and deletes, plus one distinction the server does
 * not make: EventStoreDB answers `stream_exists` on a soft-deleted stream with the same
 * `StreamDeleted` as on a tombstoned one. A read tells them apart (a tombstoned stream reads as
 * deleted, a soft-deleted one as not found), so the port's error can say which.
 */
export async function mapAppendError(
  client: EventStoreDBClient,
  error: unknown,
  context: ErrorContext,
): Promise<unknown> {
  if (error instanceof EsdbStreamDeletedError && context.expectedRevision === 'stream_exists') {
    const tombstoned = await readStreamRevision(client, context.streamName).then(
      () => false,
      (probe: unknown) => probe instanceof StreamDeletedError,
    );
    return new StreamDeletedError(context.streamName, !tombstoned);
  }
  return mapEventStoreDbError(error, context);
}
