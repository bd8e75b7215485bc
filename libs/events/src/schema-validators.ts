import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  RUNTIME_MESSAGE_KINDS,
  type RuntimeMessage,
  type RuntimeMessageKind,
} from '@agent-ledger/messages';
import { EVENT_DATA_SCHEMAS, EVENT_METADATA_SCHEMA, SHARED_SCHEMAS } from './event-schemas';
import { EVENT_TYPE_OF_KIND } from './session-event';
import { SESSION_EVENT_SCHEMA_VERSION } from './schema-version';

/** The compiled validators of every schema in `event-schemas/`. */
export interface SchemaValidators {
  /** Event type → schema version → validator of the event's data. */
  eventData: ReadonlyMap<string, ReadonlyMap<number, ValidateFunction>>;
  /** Validator of event metadata. */
  eventMetadata: ValidateFunction;
  /** Validator of a runtime message of each kind (the current version of its event's data schema). */
  runtimeMessage: ReadonlyMap<RuntimeMessageKind, ValidateFunction<RuntimeMessage>>;
}

let compiled: SchemaValidators | undefined;

/**
 * The validators, compiled on first use and kept for the life of the process: compiling costs
 * milliseconds, validating microseconds.
 */
export function schemaValidators(): SchemaValidators {
  compiled ??= compileSchemaValidators();
  return compiled;
}

function compileSchemaValidators(): SchemaValidators {
  // allErrors: report every complaint at once; verbose: keep each failing schema for the message
  // (allowed property names, the content description); discriminator: pick the one branch of a
  // part union by its `type`, so an error names that branch's fields instead of all branches'.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    allowUnionTypes: true,
    strict: true,
  });
  addFormats(ajv, ['date-time']);
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);

  const eventData = new Map<string, Map<number, ValidateFunction>>();
  for (const [version, schemas] of Object.entries(EVENT_DATA_SCHEMAS)) {
    for (const [type, schema] of Object.entries(schemas)) {
      const byVersion = eventData.get(type) ?? new Map<number, ValidateFunction>();
      byVersion.set(Number(version), ajv.compile(schema));
      eventData.set(type, byVersion);
    }
  }

  const runtimeMessage = new Map<RuntimeMessageKind, ValidateFunction<RuntimeMessage>>();
  for (const kind of RUNTIME_MESSAGE_KINDS) {
    const schema = EVENT_DATA_SCHEMAS[SESSION_EVENT_SCHEMA_VERSION]?.[EVENT_TYPE_OF_KIND[kind]];
    // The same schema object as above: ajv hands back the validator it already compiled.
    if (schema !== undefined) runtimeMessage.set(kind, ajv.compile<RuntimeMessage>(schema));
  }
  return { eventData, eventMetadata: ajv.compile(EVENT_METADATA_SCHEMA), runtimeMessage };
}
