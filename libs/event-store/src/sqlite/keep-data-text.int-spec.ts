import Database from 'better-sqlite3';
import { collect } from '../testing/contract-helpers';
import { storedDataText } from './event-row';
import { SqliteEventStore } from './sqlite-event-store';
import { temporaryFolder } from './sqlite-store-fixture';

const EVENT_ID = '0b7c1e4e-8a5d-4c1e-9f3a-2d6b8e4f1a01';

describe('SqliteEventStore keepDataText', () => {
  const folder = temporaryFolder();
  const path = folder.file('events.sqlite');
  // Stored as another writer might have written it: spaces, and keys out of JSON.stringify's order.
  const text = '{ "b": [1, {"c": "x"}], "a": {"d": null} }';

  beforeAll(async () => {
    const store = new SqliteEventStore({ path, writer: 'inline' });
    await store.append('s-1', [{ id: EVENT_ID, type: 'T', data: { placeholder: true } }]);
    await store.close();
    const db = new Database(path);
    db.prepare('UPDATE events SET data = ? WHERE event_id = ?').run(text, EVENT_ID);
    db.close();
  });
  afterAll(() => folder.remove());

  it('freezes each payload read from a stream, deeply, and keeps the text it was parsed from', async () => {
    const store = new SqliteEventStore({ path, writer: 'inline', keepDataText: true });
    const [event] = await collect(store.readStream('s-1'));
    await store.close();
    const data = event?.data as { b: [number, { c: string }]; a: { d: null } };
    expect(data).toEqual(JSON.parse(text));
    expect(storedDataText(data)).toBe(text);
    expect([data, data.b, data.b[1], data.a].every((value) => Object.isFrozen(value))).toBe(true);
    expect(() => {
      'use strict';
      data.b[1].c = 'changed';
    }).toThrow(TypeError);
    // Only the payload itself is known: a part of it was not parsed from a text of its own.
    expect(storedDataText(data.a)).toBeUndefined();
  });

  it('leaves payloads as plain parsed values by default, and knows no text for them', async () => {
    const store = new SqliteEventStore({ path, writer: 'inline' });
    const [event] = await collect(store.readStream('s-1'));
    await store.close();
    expect(Object.isFrozen(event?.data)).toBe(false);
    expect(storedDataText(event?.data)).toBeUndefined();
    expect(storedDataText('text')).toBeUndefined();
  });
});
