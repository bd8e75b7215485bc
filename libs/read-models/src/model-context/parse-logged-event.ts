import type { RecordedEvent } from '@agent-ledger/event-store';
import {
  parseSessionLogEvent,
  type ParsedSessionLogEvent,
} from '../runner/parse-session-log-event';

const parsedEvents = new WeakMap<RecordedEvent, ParsedSessionLogEvent>();

/**
 * `parseSessionLogEvent`, remembered for the events a `SessionLogCache` holds (frozen, so their
 * verdict cannot change): the model view checks each event of its window against its schema once,
 * not on every request.
 */
export function parseLoggedEvent(recorded: RecordedEvent): ParsedSessionLogEvent {
  if (!Object.isFrozen(recorded)) return parseSessionLogEvent(recorded);
  let parsed = parsedEvents.get(recorded);
  if (parsed === undefined) {
    parsed = freezeShallowParts(parseSessionLogEvent(recorded));
    parsedEvents.set(recorded, parsed);
  }
  return parsed;
}

/** Freezes `value` and the objects in it down to those already frozen (the cached event's data). */
function freezeShallowParts<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) freezeShallowParts(item);
  }
  return value;
}
