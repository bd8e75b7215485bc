import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_VALIDATORS_MODULE, schemaValidatorsCode } from './schema-validators-code';
import { schemaValidators } from './schema-validators';
import { EVENT_DATA_SCHEMAS } from './event-schemas';

describe('the validators compiled ahead of time', () => {
  it('are what the schemas of event-schemas/ compile to now (else: npm run generate:validators)', () => {
    const committed = readFileSync(
      path.join(__dirname, '../../..', SCHEMA_VALIDATORS_MODULE),
      'utf8',
    );
    expect(committed === schemaValidatorsCode()).toBe(true);
  });

  it('cover every event type at every schema version, and the metadata', () => {
    const { eventData, eventMetadata } = schemaValidators();
    for (const [version, schemas] of Object.entries(EVENT_DATA_SCHEMAS)) {
      for (const type of Object.keys(schemas)) {
        expect(typeof eventData.get(type)?.get(Number(version))).toBe('function');
      }
    }
    expect(eventMetadata({ schemaVersion: 1 })).toBe(true);
    expect(eventMetadata({ schemaVersion: 'one' })).toBe(false);
  });
});
