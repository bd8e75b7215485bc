import type { ValidateFunction } from 'ajv/dist/2020';
import {
  RUNTIME_MESSAGE_KINDS,
  type RuntimeMessage,
  type RuntimeMessageKind,
} from '@agent-ledger/messages';
import { EVENT_DATA_SCHEMAS, LEDGER_EVENT_SCHEMAS } from './event-schemas';
import {
  EVENT_METADATA_EXPORT,
  eventDataExportName,
  ledgerEventExportName,
} from './schema-validator-names';
import { EVENT_TYPE_OF_KIND } from './session-event';
import { SESSION_EVENT_SCHEMA_VERSION } from './schema-version';

/** The compiled validators of every schema in `event-schemas/`. */
export interface SchemaValidators {
  /** Event type → schema version → validator of the event's data. */
  eventData: ReadonlyMap<string, ReadonlyMap<number, ValidateFunction>>;
  /** Audit event type (`ErasureRequested`, …) → validator of its data. */
  ledgerEvents: ReadonlyMap<string, ValidateFunction>;
  /** Validator of event metadata. */
  eventMetadata: ValidateFunction;
  /** Validator of a runtime message of each kind (the current version of its event's data schema). */
  runtimeMessage: ReadonlyMap<RuntimeMessageKind, ValidateFunction<RuntimeMessage>>;
}

let validators: SchemaValidators | undefined;

/**
 * The validators of every schema, compiled ahead of time (`npm run generate:validators` writes
 * `generated/event-schema-validators.ts`; see `schemaValidatorsCode` for their options), looked
 * up once and kept for the life of the process.
 */
export function schemaValidators(): SchemaValidators {
  validators ??= lookUpSchemaValidators();
  return validators;
}

function lookUpSchemaValidators(): SchemaValidators {
  // Loaded on first use (~14 ms of CPU): a thread that checks no event (the CLI's first thread
  // for most commands) does not load it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  const byName = require('./generated/event-schema-validators') as Readonly<
    Record<string, ValidateFunction | undefined>
  >;
  const named = (name: string): ValidateFunction => {
    const validate = byName[name];
    if (validate === undefined) {
      throw new Error(
        `No validator ${name} in the generated module: run npm run generate:validators`,
      );
    }
    return validate;
  };
  const eventData = new Map<string, Map<number, ValidateFunction>>();
  for (const [version, schemas] of Object.entries(EVENT_DATA_SCHEMAS)) {
    for (const type of Object.keys(schemas)) {
      const byVersion = eventData.get(type) ?? new Map<number, ValidateFunction>();
      byVersion.set(Number(version), named(eventDataExportName(type, Number(version))));
      eventData.set(type, byVersion);
    }
  }
  const runtimeMessage = new Map<RuntimeMessageKind, ValidateFunction<RuntimeMessage>>();
  for (const kind of RUNTIME_MESSAGE_KINDS) {
    const validate = eventData.get(EVENT_TYPE_OF_KIND[kind])?.get(SESSION_EVENT_SCHEMA_VERSION);
    if (validate !== undefined) {
      runtimeMessage.set(kind, validate as ValidateFunction<RuntimeMessage>);
    }
  }
  const ledgerEvents = new Map<string, ValidateFunction>();
  for (const type of Object.keys(LEDGER_EVENT_SCHEMAS)) {
    ledgerEvents.set(type, named(ledgerEventExportName(type)));
  }
  return {
    eventData,
    ledgerEvents,
    eventMetadata: named(EVENT_METADATA_EXPORT),
    runtimeMessage,
  };
}
