import { startServer } from './testing/start-server';

/**
 * SIGTERM while clients follow a transcript: the server ends their streams (they resume on
 * another server from their last revision) and exits, instead of waiting for them to leave.
 */
describe('shutdown with live transcript streams', () => {
  it('ends every open stream and exits promptly on SIGTERM', async () => {
    const server = await startServer();
    const posted = await fetch(`${server.url}/v1/sessions/s1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          {
            id: 'm1',
            sessionId: 's1',
            kind: 'user_input',
            role: 'user',
            createdAt: '2026-04-08T10:00:00Z',
            content: 'Hello',
          },
        ],
      }),
    });
    expect(posted.status).toBe(200);
    const { position } = (await posted.json()) as { position: number };
    // The stream needs the session in the read model.
    await fetch(`${server.url}/v1/sessions/s1/transcript?minPosition=${position}`);
    const streams = await Promise.all(
      [1, 2, 3].map(() => fetch(`${server.url}/v1/sessions/s1/transcript/stream`)),
    );
    expect(streams.map((response) => response.status)).toEqual([200, 200, 200]);
    const ended = streams.map(async (response) => {
      const reader = response.body!.getReader();
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const }));
        if (chunk.done) return 'ended';
      }
    });
    const started = Date.now();
    await server.stop(); // fails if the process is still there 15 s after SIGTERM
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(Promise.all(ended)).resolves.toEqual(['ended', 'ended', 'ended']);
  }, 40_000);
});
