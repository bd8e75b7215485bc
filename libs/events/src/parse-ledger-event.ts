import type { RecordedEvent } from '@agent-ledger/event-store';
import { ERASURE_STREAM, isLedgerEventType, type LedgerEvent } from './ledger-event';
import { schemaValidators } from './schema-validators';

/**
 * A stored event of the audit stream read as a `LedgerEvent`, or `undefined` when it is not one
 * (another stream, an unknown type, data its JSON Schema refuses): a reader skips it.
 */
export function parseLedgerEvent(recorded: RecordedEvent): LedgerEvent | undefined {
  if (recorded.streamName !== ERASURE_STREAM || !isLedgerEventType(recorded.type)) {
    return undefined;
  }
  const validate = schemaValidators().ledgerEvents.get(recorded.type);
  if (validate === undefined || !validate(recorded.data)) return undefined;
  // The schema has just checked `data` for this `type`.
  return { type: recorded.type, data: recorded.data } as LedgerEvent;
}
