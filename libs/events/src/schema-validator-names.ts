/**
 * The names the generated module (`generated/event-schema-validators.ts`) exports its validators
 * under: shared by its generator (`schemaValidatorsCode`) and its reader (`schemaValidators`),
 * which does not load ajv.
 */

/** The export of the validator of `type`'s data at schema `version`. */
export function eventDataExportName(type: string, version: number): string {
  return `data_v${version}_${type}`;
}

/** The export of the metadata validator. */
export const EVENT_METADATA_EXPORT = 'metadata';

/** The export of the validator of an audit event type's data (`ledger-event.ts`). */
export function ledgerEventExportName(type: string): string {
  return `ledger_v1_${type}`;
}
