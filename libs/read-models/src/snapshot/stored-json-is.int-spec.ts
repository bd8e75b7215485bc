import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore, type RecordedEvent } from '@agent-ledger/event-store';
import { storedJsonIs } from './stored-json-is';

const EVENT_ID = '5f0e4a43-1c2b-4d7e-8a9f-3b6c2d1e0f11';

/** The one event of stream `s-1`, read by a store opened with `keepDataText` or not. */
async function readBack(file: string, keepDataText: boolean): Promise<RecordedEvent> {
  const store = new SqliteEventStore({ path: file, writer: 'inline', keepDataText });
  try {
    for await (const event of store.readStream('s-1')) return event;
    throw new Error('No event read.');
  } finally {
    await store.close();
  }
}

describe('storedJsonIs, for payloads the embedded store parsed', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'stored-json-is-'));
  const file = path.join(folder, 'events.sqlite');
  // Not JSON.stringify's text of what it parses to: only the text the store kept can prove it.
  const text = '{"z": 1, "a": ["x", {"b": true}]}';

  beforeAll(async () => {
    const store = new SqliteEventStore({ path: file, writer: 'inline' });
    await store.append('s-1', [{ id: EVENT_ID, type: 'T', data: {} }]);
    await store.close();
    const db = new Database(file);
    db.prepare('UPDATE events SET data = ? WHERE event_id = ?').run(text, EVENT_ID);
    db.close();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('holds for the text a payload read with keepDataText was parsed from, and no other', async () => {
    const { data } = await readBack(file, true);
    expect(storedJsonIs(text, data)).toBe(true);
    // Its own serialization is another text that parses to the same value: proven too.
    expect(storedJsonIs(JSON.stringify(data), data)).toBe(true);
    expect(storedJsonIs('{"z": 2, "a": ["x", {"b": true}]}', data)).toBe(false);
  });

  it('falls back to comparing JSON.stringify for a payload read without it', async () => {
    const { data } = await readBack(file, false);
    expect(storedJsonIs(text, data)).toBe(false);
    expect(storedJsonIs(JSON.stringify(data), data)).toBe(true);
  });
});
