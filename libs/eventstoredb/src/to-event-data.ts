import type { JSONEventData, JSONType } from '@eventstore/db-client';
import type { EventToAppend } from '@agent-ledger/event-store';

/**
 * An event to append as a JSON event of the client: same id, lower-case (so a retry is
 * idempotent), type, data, and metadata only when there is some (none is stored as no bytes).
 */
export function toEventData(event: EventToAppend): JSONEventData {
  return {
    id: event.id.toLowerCase(),
    contentType: 'application/json',
    type: event.type,
    // The client serialises data with JSON.stringify, which takes any value; its type is narrower.
    data: event.data as JSONType,
    metadata: event.metadata,
  };
}
