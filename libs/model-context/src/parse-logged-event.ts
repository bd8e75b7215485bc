import { parseSessionLogEvent, type ParsedSessionLogEvent } from '@agent-ledger/events';
import type { RecordedEvent } from '@agent-ledger/event-store';
import { derivedOnce } from '@agent-ledger/messages';

/**
 * `parseSessionLogEvent`, made once for each event a `SessionLogCache` holds (frozen, so their
 * verdict cannot change; the parsed event is frozen too): the model view checks each event of its
 * window against its schema once, not on every request.
 */
export function parseLoggedEvent(recorded: RecordedEvent): ParsedSessionLogEvent {
  return derivedOnce(recorded, 'parsed', parseSessionLogEvent);
}
