import type { AppendResult as ClientAppendResult, EventStoreDBClient } from '@eventstore/db-client';
import {
  serializeAppend,
  type AppendOptions,
  type AppendResult,
  type EventPayloadValidator,
  type EventToAppend,
} from '@agent-ledger/event-store';
import { mapAppendError } from './map-append-error';
import { measureAppendSize } from './measure-append-size';
import { toAppendResult } from './to-append-result';
import { toClientExpectedRevision } from './to-client-expected-revision';
import { toEventData } from './to-event-data';

/**
 * Appends events to a stream with an expected revision. The port's checks run first (at least
 * one event, UUID ids, no reserved `$` type, JSON payloads, `validatePayload`), so a refused
 * append sends nothing; the size limit is the server's (`MaxAppendSize`), whatever it is
 * configured to. Ids go lower-case, as the port stores them. The client appends through
 * `BatchAppend` when the server advertises it. An idempotent retry (same ids, same expectation)
 * succeeds with the original revision and position.
 */
export async function appendEvents(
  client: EventStoreDBClient,
  streamName: string,
  events: EventToAppend[],
  options: AppendOptions,
  validatePayload: EventPayloadValidator | undefined,
): Promise<AppendResult> {
  serializeAppend(streamName, events, {
    maxAppendSize: Number.POSITIVE_INFINITY,
    ...(validatePayload === undefined ? {} : { validatePayload }),
  });
  const expectedRevision = options.expectedRevision ?? 'any';
  const eventData = events.map(toEventData);
  let result: ClientAppendResult;
  try {
    result = await client.appendToStream(streamName, eventData, {
      expectedRevision: toClientExpectedRevision(expectedRevision),
    });
  } catch (error) {
    throw await mapAppendError(client, error, {
      streamName,
      expectedRevision,
      appendSize: measureAppendSize(eventData),
    });
  }
  return toAppendResult(client, streamName, result);
}
