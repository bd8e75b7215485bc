import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getJson, postJson } from '../../server/test/testing/http-client';
import { startServer } from '../../server/test/testing/start-server';
import { runCliProcess } from './testing/run-cli-process';

/**
 * A server keeps the read-model file it opened: `rebuild` while it runs would put a file in place
 * that it never sees. The rebuild is refused while a server holds the file, and runs once it stops.
 */
describe('rebuild against a running server', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-served-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused naming the server’s pid, and runs once the server has stopped', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    const readModels = path.join(dataDir, 'read-models.sqlite');
    let pid: string | undefined;
    try {
      const recorded = await postJson(`${server.url}/v1/sessions/w1/messages`, {
        messages: [{ id: 'm1', sessionId: 'w1', kind: 'user_input', role: 'user', content: 'hi' }],
      });
      expect(recorded.status).toEqual(200);
      const refused = runCliProcess(['rebuild'], { DATA_DIR: dataDir });
      pid = /pid (\d+)/.exec(refused.stderr)?.[1];
      expect(refused).toEqual({
        status: 3,
        stdout: '',
        stderr: `agent-ledger: A server (pid ${pid}) runs on DATA_DIR=${dataDir} and holds its read models open: a rebuild now would not be seen by it. Stop it (Ctrl-C, or kill ${pid}), run \`DATA_DIR=${dataDir} npx agent-ledger rebuild\` again, then start the server. (If no Agent Ledger server runs with that pid, remove ${readModels}.server-${pid}.)\n`,
      });
      // Nothing was built or put in place: the server goes on answering from its file.
      expect((await getJson(`${server.url}/v1/sessions?minPosition=2`)).status).toEqual(200);
      const later = await postJson(`${server.url}/v1/sessions/w2/messages`, {
        messages: [{ id: 'm1', sessionId: 'w2', kind: 'user_input', role: 'user', content: 'hi' }],
      });
      expect(later.status).toEqual(200);
      const sessions = await getJson(`${server.url}/v1/sessions?minPosition=4`);
      expect(sessions.body).toMatchObject({
        sessions: expect.arrayContaining([
          expect.objectContaining({ sessionId: 'w1' }),
          expect.objectContaining({ sessionId: 'w2' }),
        ]) as unknown,
      });
    } finally {
      await server.stop();
    }
    expect(existsSync(`${readModels}.server-${pid}`)).toBe(false);
    const rebuilt = runCliProcess(['rebuild', '--json'], { DATA_DIR: dataDir });
    expect(rebuilt.status).toEqual(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ events: 4, position: 4 });
  }, 60_000);

  it('is not blocked by the claim of a server that died without releasing it', () => {
    // A pid no process has: far above Linux's pid_max (at most 2^22).
    const stale = path.join(dataDir, 'read-models.sqlite.server-99999999');
    writeFileSync(stale, '');
    const rebuilt = runCliProcess(['rebuild', '--json'], { DATA_DIR: dataDir });
    expect(rebuilt.status).toEqual(0);
    expect(existsSync(stale)).toBe(false);
  });
});
