import type { AppendResult as ClientAppendResult, EventStoreDBClient } from '@eventstore/db-client';
import type { AppendResult } from '@agent-ledger/event-store';
import { positionFromClient } from './position-from-client';
import { readStreamEvents } from './read-stream-events';

/**
 * The port's append result from the client's. EventStoreDB answers an idempotent retry with the
 * original revision but possibly without a position; then the position is read from the event.
 */
export async function toAppendResult(
  client: EventStoreDBClient,
  streamName: string,
  result: ClientAppendResult,
): Promise<AppendResult> {
  const nextExpectedRevision = Number(result.nextExpectedRevision);
  if (result.position !== undefined) {
    return {
      nextExpectedRevision,
      position: positionFromClient(result.position, `the append to "${streamName}"`),
    };
  }
  for await (const event of readStreamEvents(client, streamName, {
    fromRevision: nextExpectedRevision,
    maxCount: 1,
  })) {
    return { nextExpectedRevision, position: event.position };
  }
  return { nextExpectedRevision, position: positionFromClient(undefined, `"${streamName}"`) };
}
