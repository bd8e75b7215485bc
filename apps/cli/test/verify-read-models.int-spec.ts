import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@agent-ledger/event-store';
import {
  SESSION_EVENT_SCHEMA_VERSION,
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
import { verifyReadModels } from '../src/audit/verify-read-models';

/** `verify` of 12 sessions, three of them tampered with (s3, s7, s11). */
const SESSIONS = Array.from({ length: 12 }, (_, index) => `s${index}`);
const TAMPERED = ['s3', 's7', 's11'];

let dir: string;
let store: SqliteEventStore;
let db: ReadModelDatabase;
let handlers: ProjectionHandler[];

function sessionEvents(sessionId: string): SessionEvent[] {
  const createdAt = '2026-04-08T09:00:00.000Z';
  const events: SessionEvent[] = [
    { type: 'SessionStarted', data: { sessionId, startedAt: createdAt } },
  ];
  for (let turn = 0; turn < 5; turn += 1) {
    events.push(
      messageRecorded({
        id: `u${turn}`,
        sessionId,
        createdAt,
        kind: 'user_input',
        role: 'user',
        content: `Step ${turn}.`,
      }),
      messageRecorded({
        id: `a${turn}`,
        sessionId,
        createdAt,
        kind: 'assistant_text',
        role: 'assistant',
        content: `Done ${turn}.`,
      }),
    );
  }
  return events;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-verify-read-models-'));
  store = new SqliteEventStore({
    path: path.join(dir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  for (const sessionId of SESSIONS) {
    await store.append(
      sessionStreamName(sessionId),
      sessionEvents(sessionId).map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { schemaVersion: SESSION_EVENT_SCHEMA_VERSION },
      })),
    );
  }
  db = openReadModelDatabase(path.join(dir, 'read-models.sqlite'));
  handlers = createReadModelHandlers(db);
  await new ProjectionRunner({ store, db, handlers }).rebuild();
  const tamper = db.prepare(
    `UPDATE rm_messages SET message = json_set(message, '$.content', 'tampered') WHERE session_id = ? AND id = 'a2'`,
  );
  for (const sessionId of TAMPERED) expect(tamper.run(sessionId).changes).toBe(1);
}, 30_000);

afterAll(async () => {
  db.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const differing = (verification: { sessions: { sessionId: string; differences: string[] }[] }) =>
  verification.sessions
    .filter((session) => session.differences.length > 0)
    .map((session) => session.sessionId);

describe('verifyReadModels', () => {
  it('finds the tampered sessions, listing every session in the log’s order', async () => {
    const alone = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
    expect(differing(alone)).toEqual(TAMPERED);
    expect(alone.sessions.map((session) => session.sessionId)).toEqual(SESSIONS);
  }, 30_000);

  it('lists a session the read models lost in the log’s order, and one only they hold last', async () => {
    const lost = 's5';
    for (const table of ['rm_sessions', 'rm_messages', 'rm_search_messages']) {
      db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run(lost);
    }
    db.prepare(
      `INSERT INTO rm_sessions (session_id, position, summary)
       SELECT 'ghost', 0, json_set(summary, '$.sessionId', 'ghost') FROM rm_sessions WHERE session_id = 's0'`,
    ).run();
    const alone = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
    expect(alone.sessions.map((session) => session.sessionId)).toEqual([...SESSIONS, 'ghost']);
    expect(differing(alone)).toEqual(['s3', lost, 's7', 's11', 'ghost']);
  }, 30_000);
});
