import type { EventStoreDBClient } from '@eventstore/db-client';
import type { ListStreamsInAllOptions, StreamInAll } from '@agent-ledger/event-store';
import { readAllEvents } from './read-all-events';

/**
 * The streams `$all` shows up to `toPosition`, in the order of their first event there, found by
 * reading `$all` forwards with the filter (in the adapter, as `readAllEvents` does) and keeping
 * each stream's first position, until the first event past `toPosition`. EventStoreDB has no
 * cheaper portable way: its system projections (`$streams`, `$ce-…`) are optional server features
 * and none gives each stream's first event under an arbitrary filter up to a position, so this
 * costs a read of the matching events (the client decodes each), as the `$all` pass it replaces.
 */
export async function listStreamsInAll(
  client: EventStoreDBClient,
  options: ListStreamsInAllOptions,
): Promise<StreamInAll[]> {
  const toPosition = options.toPosition ?? Number.POSITIVE_INFINITY;
  const streams = new Map<string, number>();
  const read = options.filter === undefined ? {} : { filter: options.filter };
  for await (const event of readAllEvents(client, read)) {
    if (event.position > toPosition) break;
    if (!streams.has(event.streamName)) streams.set(event.streamName, event.position);
  }
  return [...streams].map(([streamName, firstPosition]) => ({ streamName, firstPosition }));
}
