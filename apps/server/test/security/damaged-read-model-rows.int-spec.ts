import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { runCliProcess } from '../../../cli/test/testing/run-cli-process';
import { getJson, postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';

const SECRET = `sk-ant-api03-${'a'.repeat(90)}`;

/**
 * Values changed inside the read-model file (a bad disk, a stray `UPDATE`, the README's `sqlite3`
 * walkthrough) while the server runs or between restarts: each row carries a checksum, so the
 * change is found when the row is read (or by the background sweep), the session's read models
 * are rebuilt from the log, the reader gets the recorded content, `/health` and the log say it,
 * and `verify` is clean afterwards without a manual rebuild.
 */
describe('damaged values inside read-model rows', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  const readModels = (): string => path.join(dataDir, 'read-models.sqlite');

  /** Runs `sql` on the read-model file from another connection, as `sqlite3` would. */
  const damage = (sql: string): void => {
    const db = new Database(readModels(), { timeout: 5000 });
    try {
      expect(db.prepare(sql).run().changes).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-damaged-rows-'));
    server = await startServer({ DATA_DIR: dataDir });
    const recorded = await postJson(`${server.url}/v1/sessions/d1/messages`, {
      messages: [
        { id: 'm1', sessionId: 'd1', kind: 'user_input', role: 'user', content: 'hello' },
        { id: 'm2', sessionId: 'd1', kind: 'user_input', role: 'user', content: `key ${SECRET}` },
      ],
    });
    expect(recorded.status).toEqual(200);
    const other = await postJson(`${server.url}/v1/sessions/d2/messages`, {
      messages: [{ id: 'm1', sessionId: 'd2', kind: 'user_input', role: 'user', content: 'aside' }],
    });
    expect(other.status).toEqual(200);
    // Read once, so that the rows exist before they are damaged.
    expect((await getJson(`${server.url}/v1/sessions/d2/transcript?minPosition=3`)).status).toBe(
      200,
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the recorded transcript, not a message changed while the server runs', async () => {
    const url = server!.url;
    damage(
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'forged') WHERE session_id = 'd1' AND id = 'm1'`,
    );
    const transcript = await getJson(`${url}/v1/sessions/d1/transcript`);
    expect(transcript.status).toEqual(200);
    expect(transcript.body).toMatchObject({
      entries: [
        { id: 'm1', content: 'hello' },
        { id: 'm2', content: `key ${SECRET}` },
      ],
    });
    expect(server!.output()).toMatch(
      // Found by the read (or, should it come first, by the sweep): rebuilt all the same.
      /Read models of session "d1" were damaged \((a read|the background sweep) found a row that does not match its checksum\); rebuilt from its \d+ events in the log/,
    );
  });

  it('serves the redacted export, not an export row changed to show the secret', async () => {
    const url = server!.url;
    const before = await getJson(`${url}/v1/sessions/d1/export`);
    expect(JSON.stringify(before.body)).not.toContain(SECRET);
    damage(
      `UPDATE rm_messages SET export_entry = json_set(export_entry, '$.content', 'key ${SECRET}') WHERE session_id = 'd1' AND id = 'm2'`,
    );
    const after = await getJson(`${url}/v1/sessions/d1/export`);
    expect(after).toEqual(before);
  });

  it('finds a row no one reads by the background sweep, and says so in /health', async () => {
    const url = server!.url;
    damage(
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'unread') WHERE session_id = 'd2'`,
    );
    const deadline = Date.now() + 10_000;
    let health = await getJson(`${url}/health`);
    while (
      (health.body as { readModels: { damage?: { found: number } } }).readModels.damage?.found !==
        3 &&
      Date.now() < deadline
    ) {
      await sleep(100);
      health = await getJson(`${url}/health`);
    }
    expect(health).toMatchObject({
      status: 200,
      body: {
        status: 'ok',
        readModels: { damage: { found: 3, repaired: 3, unrepaired: 0 } },
      },
    });
    expect(server!.output()).toContain(
      'Read models of session "d2" were damaged (the background sweep found a row that does not match its checksum)',
    );
    expect(await getJson(`${url}/v1/sessions/d2/transcript`)).toMatchObject({
      body: { entries: [{ id: 'm1', content: 'aside' }] },
    });
  });

  it('repairs a row damaged between restarts, and `verify` is then clean without a rebuild', async () => {
    await server!.stop();
    server = undefined;
    damage(
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'while stopped') WHERE session_id = 'd1' AND id = 'm1'`,
    );
    // An audit finds it (and leaves the file as it is) ...
    expect(runCliProcess(['verify'], { DATA_DIR: dataDir }).status).toEqual(1);
    server = await startServer({ DATA_DIR: dataDir, READ_MODEL_SWEEP_ROWS_PER_SECOND: '0' });
    // ... and the first read repairs it.
    expect(await getJson(`${server.url}/v1/sessions/d1/transcript/m1`)).toMatchObject({
      status: 200,
      body: { id: 'm1', content: 'hello' },
    });
    await server.stop();
    server = undefined;
    expect(runCliProcess(['verify'], { DATA_DIR: dataDir })).toMatchObject({ status: 0 });
  });
});
