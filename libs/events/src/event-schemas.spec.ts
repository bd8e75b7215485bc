import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  EVENT_DATA_SCHEMAS,
  EVENT_METADATA_SCHEMA,
  LEDGER_EVENT_SCHEMAS,
  SHARED_SCHEMAS,
} from './event-schemas';
import { LEDGER_EVENT_TYPES } from './ledger-event';
import { SESSION_EVENT_TYPES } from './is-session-event-type';

// Tests may read the folder; the library imports the files instead, so they ship with the build.
const folder = join(__dirname, '..', '..', '..', 'event-schemas');
const fileOf = (type: string): string =>
  `${type.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.v1.schema.json`;

describe('event-schemas/', () => {
  const registered = [
    ...Object.values(EVENT_DATA_SCHEMAS[1] ?? {}),
    ...Object.values(LEDGER_EVENT_SCHEMAS),
    ...SHARED_SCHEMAS,
    EVENT_METADATA_SCHEMA,
  ];

  it('holds exactly the registered schema files', () => {
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(registered.map((schema) => schema.$id.split('/').pop()).sort());
  });

  it('names each data schema after its event type and version', () => {
    for (const type of SESSION_EVENT_TYPES) {
      expect(EVENT_DATA_SCHEMAS[1]?.[type]?.$id).toBe(
        `https://agent-ledger.example/event-schemas/${fileOf(type)}`,
      );
    }
    for (const type of LEDGER_EVENT_TYPES) {
      expect(LEDGER_EVENT_SCHEMAS[type].$id).toBe(
        `https://agent-ledger.example/event-schemas/${fileOf(type)}`,
      );
    }
  });

  it('gives every schema the 2020-12 dialect, a title and a description', () => {
    for (const schema of registered) {
      expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(typeof schema['title']).toBe('string');
      expect(typeof schema['description']).toBe('string');
    }
  });

  it('lists every event type and its file in the README', () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    for (const type of [...SESSION_EVENT_TYPES, ...LEDGER_EVENT_TYPES]) {
      expect(readme).toMatch(
        new RegExp(`\\| \`${type}\` +\\| \`${fileOf(type).replace(/\./g, '\\.')}\``),
      );
    }
  });
});
