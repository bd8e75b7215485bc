import { getJson, postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';

const userInput = (sessionId: string, id: string, text: string) => ({
  id,
  sessionId,
  kind: 'user_input',
  role: 'user',
  content: [{ type: 'text', text }],
});

/**
 * The projection runner follows the log on a thread of its own, a batch or so behind the appends:
 * a query without `minPosition` still sees every append this server answered before it arrived.
 */
describe('reads after appends on the same server, without minPosition', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('the transcript, the session list and the live stream see each append at once', async () => {
    for (let turn = 0; turn < 15; turn += 1) {
      const sessionId = `own-${turn}`;
      const appended = await postJson(`${server.url}/v1/sessions/${sessionId}/messages`, {
        messages: [userInput(sessionId, `m${turn}`, `turn ${turn}`)],
      });
      expect(appended.status).toBe(200);

      const transcript = await getJson(`${server.url}/v1/sessions/${sessionId}/transcript`);
      expect(transcript.status).toBe(200);
      expect(
        (transcript.body as { entries: Array<{ id: string }> }).entries.map((e) => e.id),
      ).toEqual([`m${turn}`]);

      const list = await getJson(`${server.url}/v1/sessions?limit=100`);
      expect(
        (list.body as { sessions: Array<{ sessionId: string }> }).sessions.map((s) => s.sessionId),
      ).toContain(sessionId);

      // A stream opened right after the first append finds the session (no 404).
      const controller = new AbortController();
      const stream = await fetch(
        `${server.url}/v1/sessions/${sessionId}/transcript/stream?afterRevision=-1`,
        { signal: controller.signal },
      );
      expect(stream.status).toBe(200);
      controller.abort();
    }
  });
});
