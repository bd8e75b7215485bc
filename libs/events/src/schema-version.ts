/**
 * Version of the event-data JSON Schemas this code writes (`event-schemas/<type>.v1.schema.json`).
 * Every event carries it as `metadata.schemaVersion`; readers pick the schema by it.
 */
export const SESSION_EVENT_SCHEMA_VERSION = 1;

/** Schema versions this code can validate and read. */
export const SUPPORTED_SESSION_EVENT_SCHEMA_VERSIONS: readonly number[] = [
  SESSION_EVENT_SCHEMA_VERSION,
];
