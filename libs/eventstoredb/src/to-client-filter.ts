import {
  eventTypeFilter,
  streamNameFilter,
  type Filter,
  type Position,
} from '@eventstore/db-client';
import type { EventFilter } from '@agent-ledger/event-store';

/**
 * The port's filter as a server-side subscription filter. EventStoreDB sends a checkpoint every
 * `checkpointInterval × maxSearchWindow` considered events (matching or not); the port's
 * `checkpointInterval` is carried as the search window with a multiplier of 1, so a checkpoint
 * comes every `checkpointInterval` events the server looked at. Without it, the server's default
 * window (32) applies.
 */
export function toClientFilter(
  filter: EventFilter,
  checkpointInterval: number | undefined,
  checkpointReached: (position: Position) => void,
): Filter {
  const common = {
    checkpointInterval: 1,
    checkpointReached: (_subscription: unknown, position: Position) => checkpointReached(position),
    ...(checkpointInterval === undefined ? {} : { maxSearchWindow: checkpointInterval }),
  };
  const create = filter.on === 'streamName' ? streamNameFilter : eventTypeFilter;
  return 'regex' in filter
    ? create({ ...common, regex: filter.regex })
    : create({ ...common, prefixes: filter.prefixes });
}
