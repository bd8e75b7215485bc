import { startServer } from '../testing/start-server';
import { append } from './traffic';

/** The server's output as parsed JSON lines (every line must be one). */
function records(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function settled(output: () => string, includes: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!output().includes(includes)) {
    if (Date.now() > deadline) throw new Error(`"${includes}" not in the output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return output();
}

describe('structured logs', () => {
  it('LOG_FORMAT=json: one JSON object per line, each request with level, time, msg and reqId', async () => {
    const server = await startServer({ LOG_FORMAT: 'json' });
    try {
      await append(server.url, 'logged', 'm1', { 'x-request-id': 'caller-id-1' });
      const health = await fetch(`${server.url}/health/live`);
      const generated = health.headers.get('x-request-id');
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);
      const output = await settled(server.output, generated!);
      const lines = records(output);
      for (const line of lines) {
        expect(typeof line['level']).toBe('string');
        expect(typeof line['time']).toBe('string');
        expect(typeof line['msg']).toBe('string');
      }
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'info',
          reqId: 'caller-id-1',
          method: 'POST',
          route: '/v1/sessions/:sessionId/messages',
          statusCode: 200,
          msg: 'POST /v1/sessions/logged/messages 200',
        }),
      );
      expect(lines).toContainEqual(expect.objectContaining({ reqId: generated, statusCode: 200 }));
      // A live stream (its route takes the reply over) is logged when the client leaves it.
      const stream = await fetch(`${server.url}/v1/sessions/logged/transcript/stream`, {
        headers: { 'x-request-id': 'stream-id-1' },
      });
      expect(stream.status).toBe(200);
      await stream.body?.cancel();
      const afterStream = records(await settled(server.output, 'stream-id-1'));
      expect(afterStream).toContainEqual(
        expect.objectContaining({
          reqId: 'stream-id-1',
          route: '/v1/sessions/:sessionId/transcript/stream',
          statusCode: 200,
        }),
      );
      // No framework route tables, at info.
      expect(output).not.toContain('RoutesResolver');
      expect(output).not.toContain('Mapped {');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('LOG_LEVEL=warn silences info: no request lines, no start-up notes, warnings still written', async () => {
    const server = await startServer({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' });
    try {
      await append(server.url, 'quiet', 'm1');
      await fetch(`${server.url}/health/live`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = records(server.output());
      // The start-up announcement is printed whatever the level (it says where the server is).
      const others = lines.filter((line) => line['context'] !== 'AgentLedger');
      expect(others.filter((line) => line['level'] === 'info')).toEqual([]);
      expect(others.filter((line) => 'reqId' in line)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('is readable text by default: time, level, context, message', async () => {
    const server = await startServer();
    try {
      await fetch(`${server.url}/health/live`, { headers: { 'x-request-id': 'text-1' } });
      const output = await settled(server.output, 'reqId=text-1');
      expect(output).toMatch(
        /^\d{2}:\d{2}:\d{2}\.\d{3} INFO \[HTTP\] GET \/health\/live 200 reqId=text-1 /m,
      );
    } finally {
      await server.stop();
    }
  }, 120_000);
});
