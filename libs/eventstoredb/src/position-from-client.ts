import type { Position } from '@eventstore/db-client';
import { EventStoreDbAdapterError } from './eventstoredb-adapter-error';

/**
 * The port's global position from an EventStoreDB `{ commit, prepare }` pair: the commit
 * position. Appends through gRPC are implicit transactions, and EventStoreDB reports each of
 * their events in `$all` at its own log position, commit = prepare; the commit position is
 * therefore unique per event, strictly increasing in `$all` order, and it is what `$all` reads
 * and subscriptions resume from. A position past 2^53 (or the "unknown" value 2^64-1 that servers
 * before 22.10 put on stream reads) cannot be a JavaScript number and is refused.
 */
export function positionFromClient(position: Position | undefined, what: string): number {
  const commit = position?.commit;
  if (commit === undefined || commit < 0n || commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new EventStoreDbAdapterError(
      `EventStoreDB gave no usable $all position for ${what} (got ${String(commit)}). The adapter needs a server that reports $all positions on stream reads (EventStoreDB 22.10 or later) and a log shorter than 2^53 bytes.`,
    );
  }
  return Number(commit);
}
