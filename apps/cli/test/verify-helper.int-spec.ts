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
import { checkpointRows } from '../src/audit/checkpoint-rows';
import { SessionClaims } from '../src/audit/session-claims';
import { startVerifyHelper } from '../src/audit/verify-helper';
import type { VerifyHelperSetup } from '../src/audit/verify-helper-protocol';
import { verifyReadModels } from '../src/audit/verify-read-models';

/**
 * `verify` on two threads: 12 sessions, three of them tampered with (s3, s7, s11). Whatever the
 * helper thread does (verifies its share, finds its snapshot moved, fails to open the files),
 * the verdict is the one thread's verdict.
 */
const SESSIONS = Array.from({ length: 12 }, (_, index) => `s${index}`);
const TAMPERED = ['s3', 's7', 's11'];

let dir: string;
let store: SqliteEventStore;
let db: ReadModelDatabase;
let handlers: ProjectionHandler[];
let setup: VerifyHelperSetup;

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
  dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-verify-helper-'));
  setup = {
    eventStorePath: path.join(dir, 'events.sqlite'),
    readModelPath: path.join(dir, 'read-models.sqlite'),
  };
  store = new SqliteEventStore({
    path: setup.eventStorePath,
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
  db = openReadModelDatabase(setup.readModelPath);
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

describe('verify with a helper thread', () => {
  it('finds the same differences as one thread, in the same order, on one to three helpers', async () => {
    const alone = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
    expect(differing(alone)).toEqual(TAMPERED);
    expect(alone.sessions.map((session) => session.sessionId)).toEqual(SESSIONS);
    for (const threads of [1, 2, 3]) {
      const helped = await verifyReadModels(store, db, handlers, {
        exportPolicy: {},
        helper: { ...setup, threads },
      });
      expect(helped).toEqual(alone);
    }
  }, 30_000);

  it('still verifies every session when the helpers cannot open the files', async () => {
    const alone = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
    const helped = await verifyReadModels(store, db, handlers, {
      exportPolicy: {},
      helper: { ...setup, readModelPath: path.join(dir, 'missing.sqlite'), threads: 2 },
    });
    expect(helped).toEqual(alone);
  }, 30_000);

  it('lists a session the read models lost in the log’s order, and one only they hold last, on either thread count', async () => {
    const lost = 's5';
    for (const table of ['rm_sessions', 'rm_messages', 'rm_search_messages']) {
      db.prepare(`DELETE FROM ${table} WHERE session_id = ?`).run(lost);
    }
    db.prepare(
      `INSERT INTO rm_sessions (session_id, position, summary)
       SELECT 'ghost', 0, json_set(summary, '$.sessionId', 'ghost') FROM rm_sessions WHERE session_id = 's0'`,
    ).run();
    try {
      const alone = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
      expect(alone.sessions.map((session) => session.sessionId)).toEqual([...SESSIONS, 'ghost']);
      expect(differing(alone)).toEqual(['s3', lost, 's7', 's11', 'ghost']);
      const helped = await verifyReadModels(store, db, handlers, {
        exportPolicy: {},
        helper: { ...setup, threads: 2 },
      });
      expect(helped).toEqual(alone);
    } finally {
      // Back to the tampered read models the other tests verify.
      await new ProjectionRunner({ store, db, handlers }).rebuild();
      const tamper = db.prepare(
        `UPDATE rm_messages SET message = json_set(message, '$.content', 'tampered') WHERE session_id = ? AND id = 'a2'`,
      );
      for (const sessionId of TAMPERED) tamper.run(sessionId);
    }
  }, 30_000);
});

describe('the helper thread', () => {
  /** Runs the helper alone (this thread claims nothing) and collects its verdicts. */
  async function helperVerdicts(checkpoints: string): Promise<Map<string, string[]>> {
    const claims = new SessionClaims();
    const position = await store.headPosition();
    const verdicts = new Map<string, string[]>();
    db.exec('BEGIN');
    try {
      const helper = startVerifyHelper(
        {
          ...setup,
          sessionIds: SESSIONS,
          position,
          exportPolicy: {},
          checkpoints,
          next: claims.buffer,
        },
        (index, differences) => verdicts.set(SESSIONS[index] ?? '?', differences),
      );
      await helper.ended;
      await helper.stop();
    } finally {
      db.exec('COMMIT');
    }
    return verdicts;
  }

  it('verifies every session it claims, through its own connections', async () => {
    const verdicts = await helperVerdicts(checkpointRows(db));
    expect([...verdicts.keys()].sort()).toEqual([...SESSIONS].sort());
    expect(SESSIONS.filter((sessionId) => (verdicts.get(sessionId)?.length ?? 0) > 0)).toEqual(
      TAMPERED,
    );
    expect(verdicts.get('s3')).toEqual([
      '$.export.messages[5].content: expected "Done 2.", found "tampered"',
      '$.messages[5].content: expected "Done 2.", found "tampered"',
      // Search reads each message from the same row (a message's JSON is stored once).
      '$.search[5].text: expected "Done 2.", found "tampered"',
      '$.transcript.messages[5].content: expected "Done 2.", found "tampered"',
    ]);
  }, 30_000);

  it('verifies nothing when it finds no event store at its path (an empty one would differ everywhere)', async () => {
    const verdicts = new Map<string, string[]>();
    const helper = startVerifyHelper(
      {
        ...setup,
        eventStorePath: path.join(dir, 'missing', 'events.sqlite'),
        sessionIds: SESSIONS,
        position: await store.headPosition(),
        exportPolicy: {},
        checkpoints: checkpointRows(db),
        next: new SessionClaims().buffer,
      },
      (index, differences) => verdicts.set(SESSIONS[index] ?? '?', differences),
    );
    await helper.ended;
    await helper.stop();
    expect(verdicts).toEqual(new Map());
  }, 30_000);

  it('verifies nothing when its snapshot shows other checkpoints than the first thread’s', async () => {
    const moved = checkpointRows(db).replace(
      /"position":(\d+)/,
      (_, position: string) => `"position":${Number(position) - 1}`,
    );
    expect(moved).not.toBe(checkpointRows(db));
    expect(await helperVerdicts(moved)).toEqual(new Map());
  }, 30_000);
});
