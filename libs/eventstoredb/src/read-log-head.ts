import { BACKWARDS, END, type EventStoreDBClient } from '@eventstore/db-client';
import { positionFromClient } from './position-from-client';

/**
 * The position of the last record in `$all`, EventStoreDB's own records included, or `null` for
 * an empty log: a backwards read of one event from the end. A subscription "from the end" starts
 * after it, so that it can later resume from a known position.
 */
export async function readLogHead(client: EventStoreDBClient): Promise<number | null> {
  const read = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
  try {
    for await (const resolved of read) {
      return positionFromClient(resolved.event?.position, 'the head of $all');
    }
    return null;
  } finally {
    await read.cancel();
  }
}
