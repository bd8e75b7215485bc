import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@agent-ledger/event-store';
import {
  messageRecorded,
  sessionStreamName,
  validateSessionEventPayload,
  type SessionEvent,
} from '@agent-ledger/events';
import {
  createReadModelHandlers,
  openReadModelDatabase,
  ProjectionRunner,
  type ProjectionHandler,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { verifyReadModels } from '../src/audit/verify-read-models';

/**
 * The sessions `verify` takes from the log: those with events up to the position the read models
 * reached, in the order of their first event, whatever else the log holds.
 */
let dir: string;
let store: SqliteEventStore;
let db: ReadModelDatabase;
let handlers: ProjectionHandler[];

const createdAt = '2026-04-08T09:00:00.000Z';
const started = (sessionId: string): SessionEvent => ({
  type: 'SessionStarted',
  data: { sessionId, startedAt: createdAt },
});
const said = (sessionId: string, id: string): SessionEvent =>
  messageRecorded({ id, sessionId, createdAt, kind: 'user_input', role: 'user', content: id });

const append = (sessionId: string, events: SessionEvent[]) =>
  appendSessionEvents(store, sessionId, events);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-verify-logged-'));
  store = new SqliteEventStore({
    path: path.join(dir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  db = openReadModelDatabase(path.join(dir, 'read-models.sqlite'));
  handlers = createReadModelHandlers(db);
});

afterAll(async () => {
  db.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('verify, the sessions of the log', () => {
  it('lists those the read models reached, in the order of their first event', async () => {
    await append('zeta', [started('zeta')]);
    const other = started('other');
    await store.append('archive-other', [{ id: randomUUID(), type: other.type, data: other.data }]);
    await append('alpha', [started('alpha'), said('alpha', 'a0')]);
    await append('zeta', [said('zeta', 'z0')]);
    await store.setStreamMetadata(sessionStreamName('configured-only'), { maxCount: 10 });
    await new ProjectionRunner({ store, db, handlers }).rebuild();
    const reached = await store.headPosition();
    // Appended after the read models' position: not theirs to verify yet.
    await append('later', [started('later')]);
    await append('alpha', [said('alpha', 'a1')]);

    const verification = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
    expect(verification.position).toBe(reached);
    expect(verification.sessions).toEqual([
      { sessionId: 'zeta', differences: [] },
      { sessionId: 'alpha', differences: [] },
    ]);
  }, 30_000);
});
