import {
  BACKWARDS,
  END,
  FORWARDS,
  START,
  type EventStoreDBClient,
  type ReadPosition,
} from '@eventstore/db-client';
import type { ReadAllOptions, RecordedEvent } from '@agent-ledger/event-store';
import { isSystemEvent } from './is-system-event';
import { matchesEventFilter } from './matches-event-filter';
import { toClientPosition } from './to-client-position';
import { toRecordedEvent } from './to-recorded-event';

/**
 * Reads `$all` forwards or backwards, hiding EventStoreDB's system events and applying the
 * port's filter in the adapter (the 6.2.1 client cannot send a filter with `readAll`). The
 * server reads pages of `maxCount` raw events; when hidden or filtered events leave a page
 * short, the next page continues after the last event seen.
 *
 * The port's start position is inclusive in both directions. EventStoreDB includes it forwards
 * but reads backwards from *before* it, so a backwards read first fetches the event at the start.
 */
export async function* readAllEvents(
  client: EventStoreDBClient,
  options: ReadAllOptions = {},
): AsyncGenerator<RecordedEvent> {
  const backwards = options.direction === 'backwards';
  const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
  const { filter } = options;
  const wanted = (event: RecordedEvent): boolean =>
    !isSystemEvent(event) && (filter === undefined || matchesEventFilter(filter, event));
  let yielded = 0;
  if (limit <= 0) return;
  let from = toReadPosition(options.fromPosition, backwards);
  if (backwards && typeof options.fromPosition === 'number') {
    for await (const event of page(client, from, false, 1)) {
      if (event.position === options.fromPosition && wanted(event)) {
        yield event;
        yielded += 1;
      }
    }
  }
  let skipPosition: number | undefined;
  while (yielded < limit) {
    const remaining = limit - yielded;
    const requested = Number.isFinite(remaining)
      ? remaining + (skipPosition === undefined ? 0 : 1)
      : undefined;
    let received = 0;
    let lastPosition: number | undefined;
    for await (const event of page(client, from, backwards, requested)) {
      received += 1;
      lastPosition = event.position;
      if (event.position === skipPosition || !wanted(event)) continue;
      yield event;
      yielded += 1;
      if (yielded >= limit) return;
    }
    if (requested === undefined || received < requested || lastPosition === undefined) return;
    from = toClientPosition(lastPosition);
    // Forwards from a position includes it; backwards from it does not.
    skipPosition = backwards ? undefined : lastPosition;
  }
}

async function* page(
  client: EventStoreDBClient,
  fromPosition: ReadPosition,
  backwards: boolean,
  maxCount: number | undefined,
): AsyncGenerator<RecordedEvent> {
  const read = client.readAll({
    fromPosition,
    direction: backwards ? BACKWARDS : FORWARDS,
    ...(maxCount === undefined ? {} : { maxCount }),
  });
  try {
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (event !== undefined) yield event;
    }
  } finally {
    await read.cancel();
  }
}

function toReadPosition(from: ReadAllOptions['fromPosition'], backwards: boolean): ReadPosition {
  if (from === undefined) return backwards ? END : START;
  if (from === 'start') return START;
  if (from === 'end') return END;
  return toClientPosition(from);
}
