import type { ResolvedEvent } from '@eventstore/db-client';
import type { RecordedEvent } from '@agent-ledger/event-store';
import { positionFromClient } from './position-from-client';

/** A recorded event of the port from a resolved event of the client (`undefined` for a bare link). */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (event === undefined) return undefined;
  const position =
    event.position ??
    (resolved.commitPosition === undefined
      ? undefined
      : { commit: resolved.commitPosition, prepare: resolved.commitPosition });
  return {
    streamName: event.streamId,
    revision: Number(event.revision),
    position: positionFromClient(position, `event ${event.id} of "${event.streamId}"`),
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: isRecord(event.metadata) ? event.metadata : {},
    createdAt: event.created.toISOString(),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !ArrayBuffer.isView(value)
  );
}
