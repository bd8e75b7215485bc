import { describeSchemaErrors } from './describe-schema-errors';
import { isMessageEventType } from './is-message-event-type';
import { SESSION_EVENT_TYPES } from './is-session-event-type';
import { messageLabel } from './message-label';
import { schemaValidators } from './schema-validators';
import {
  SESSION_EVENT_SCHEMA_VERSION,
  SUPPORTED_SESSION_EVENT_SCHEMA_VERSIONS,
} from './schema-version';

/**
 * Checks an event against its JSON Schema in `event-schemas/` before it is appended; returns the
 * complaints, empty when the event is valid. Each complaint names the field path and why
 * (`message "m4": data/content/0/toolCallId: must be string`).
 *
 * The schema is chosen by `type` and `metadata.schemaVersion`. Without metadata the current
 * version ({@link SESSION_EVENT_SCHEMA_VERSION}) is assumed; metadata that is present must carry a
 * supported `schemaVersion`. An unknown type is a complaint. The ledger's audit events
 * (`ErasureRequested`, `ErasureCompleted`, in `ledger-erasures`) and access events
 * (`ApiKeyCreated`, `ApiKeyRevoked`, in `ledger-keys`) are checked against their own schemas,
 * metadata free. Matches the event store's `EventPayloadValidator`.
 */
export function validateSessionEventPayload(event: {
  type: string;
  data: unknown;
  metadata?: unknown;
}): string[] {
  const validators = schemaValidators();
  const ledgerEvent = validators.ledgerEvents.get(event.type);
  if (ledgerEvent !== undefined) {
    return ledgerEvent(event.data) ? [] : describeSchemaErrors(ledgerEvent.errors, 'data');
  }
  const byVersion = validators.eventData.get(event.type);
  if (byVersion === undefined) {
    return [
      `type: ${JSON.stringify(event.type)} is not a session event type (known: ${SESSION_EVENT_TYPES.join(', ')})`,
    ];
  }

  let version = SESSION_EVENT_SCHEMA_VERSION;
  if (event.metadata !== undefined) {
    if (!validators.eventMetadata(event.metadata)) {
      return describeSchemaErrors(validators.eventMetadata.errors, 'metadata');
    }
    version = schemaVersionOf(event.metadata);
  }
  const validate = byVersion.get(version);
  if (validate === undefined) {
    return [
      `metadata/schemaVersion: ${version} is not supported for ${event.type} (supported: ${SUPPORTED_SESSION_EVENT_SCHEMA_VERSIONS.join(', ')})`,
    ];
  }
  if (validate(event.data)) return [];

  const complaints = describeSchemaErrors(validate.errors, 'data');
  if (!isMessageEventType(event.type)) return complaints;
  const label = messageLabel(event.data);
  return complaints.map((complaint) => `${label}: ${complaint}`);
}

/** The metadata schema has already required an integer `schemaVersion`; read it back safely. */
function schemaVersionOf(metadata: unknown): number {
  if (typeof metadata !== 'object' || metadata === null || !('schemaVersion' in metadata)) {
    return Number.NaN;
  }
  return typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : Number.NaN;
}
