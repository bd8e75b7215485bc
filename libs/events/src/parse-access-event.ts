import type { RecordedEvent } from '@agent-ledger/event-store';
import { ACCESS_STREAM, isAccessEventType, type AccessEvent } from './access-event';
import { schemaValidators } from './schema-validators';

/**
 * A stored event of the access stream read as an `AccessEvent`, or `undefined` when it is not one
 * (another stream, an unknown type, data its JSON Schema refuses): a reader skips it.
 */
export function parseAccessEvent(recorded: RecordedEvent): AccessEvent | undefined {
  if (recorded.streamName !== ACCESS_STREAM || !isAccessEventType(recorded.type)) {
    return undefined;
  }
  const validate = schemaValidators().ledgerEvents.get(recorded.type);
  if (validate === undefined || !validate(recorded.data)) return undefined;
  // The schema has just checked `data` for this `type`.
  return { type: recorded.type, data: recorded.data } as AccessEvent;
}
