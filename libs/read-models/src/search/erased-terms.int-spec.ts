import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import {
  openReadModelDatabase,
  type ReadModelDatabase,
} from '../database/open-read-model-database';
import { ProjectionRunner } from '../runner/projection-runner';
import { SearchReader } from './search-reader';

const KEY = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';

function input(sessionId: string, id: string, content: string): SessionEvent {
  return {
    type: 'UserInputRecorded',
    data: {
      id,
      sessionId,
      createdAt: '2026-03-01T10:00:00.000Z',
      kind: 'user_input',
      role: 'user',
      content,
    },
  };
}

/** Whether the read-model file (its WAL checkpointed into it first) holds `text` in any byte. */
function fileHolds(db: ReadModelDatabase, file: string, text: string): boolean {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return readFileSync(file).includes(Buffer.from(text, 'utf8'));
}

describe('RecordedMessagesHandler: an erased session leaves no term in the full-text indexes', () => {
  let folder: string;
  let file: string;
  let store: SqliteEventStore;
  let db: ReadModelDatabase;

  beforeEach(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'erased-terms-'));
    file = path.join(folder, 'read-models.sqlite');
    store = new SqliteEventStore({ path: ':memory:' });
    db = openReadModelDatabase(file);
    // Many rows of another session around it, so that the erased terms share segments with
    // terms that stay: a delete marker or an unmerged segment would keep them.
    const kept: SessionEvent[] = [];
    for (let index = 0; index < 300; index += 1) {
      kept.push(input('kept', `k${index}`, `keptwombat number ${index} stays`));
    }
    await appendSessionEvents(store, 'kept', kept.slice(0, 150));
    await appendSessionEvents(store, 'gone', [
      input('gone', 'g1', `zebraquokka said my key is ${KEY}`),
      input('gone', 'g2', 'the zebraquokka phrase again'),
    ]);
    await appendSessionEvents(store, 'kept', kept.slice(150));
  });

  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('holds the terms of both indexes before, and none of them after, while the other session stays searchable', async () => {
    const handlers = createReadModelHandlers(db);
    // A batch per event at first, so each index has many segments to merge.
    const runner = new ProjectionRunner({ store, db, handlers, batchSize: 10 });
    await runner.catchUp();
    await runner.stop();
    const reader = new SearchReader(db);
    expect(reader.search({ query: 'zebraquokka' }).results.map((hit) => hit.messageId)).toEqual([
      'g2',
      'g1',
    ]);
    // The secret, lower-cased as the tokenizer indexes it, only in the recorded index.
    expect(fileHolds(db, file, 'zebraquokka')).toBe(true);
    expect(fileHolds(db, file, 'abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);

    const facts = {
      sessionId: 'gone',
      streamName: sessionStreamName('gone'),
      events: 2,
      eventsByType: { UserInputRecorded: 2 },
      eventIdsDigest: 'sha256:0',
    };
    db.transaction(() => {
      for (const handler of handlers)
        handler.eraseSessions?.([{ sessionKey: 'gone', facts }], 'erase');
    })();

    expect(reader.search({ query: 'zebraquokka' }).results).toEqual([]);
    expect(reader.search({ query: 'zebraquokka', index: 'recorded' }).results).toEqual([]);
    expect(fileHolds(db, file, 'zebraquokka')).toBe(false);
    expect(fileHolds(db, file, 'abcdefghijklmnopqrstuvwxyz0123456789')).toBe(false);
    expect(fileHolds(db, file, 'keptwombat')).toBe(true);
    expect(reader.search({ query: 'keptwombat', limit: 200 }).results).toHaveLength(200);
  });
});
