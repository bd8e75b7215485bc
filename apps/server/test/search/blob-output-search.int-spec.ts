import { startServer, type RunningServer } from '../testing/start-server';

/** About 1 MB of log lines, one word at 40 KB (within the default 64 KiB cap), one at 900 KB. */
function bigLog(): string {
  const line = 'INFO request served in 12 ms by worker pool\n';
  const lines = Array.from({ length: Math.ceil(1_000_000 / line.length) }, () => line);
  lines[Math.floor(40_000 / line.length)] = 'WARN zanzibarquota exceeded for tenant acme\n';
  lines[Math.floor(900_000 / line.length)] = 'WARN xylophonelimit exceeded for tenant acme\n';
  return lines.join('');
}

/**
 * Over HTTP, with the projection runner on its thread (which opens the blob file itself): a big
 * output is stored as a blob, and search finds a word in its text up to `SEARCH_BLOB_TEXT_BYTES`.
 */
describe('search over a blob output', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({});
  }, 120_000);
  afterAll(() => server.stop());

  it('finds a word within the cap and not one past it', async () => {
    const appended = await fetch(`${server.url}/v1/sessions/logs/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          {
            id: 'c1',
            sessionId: 'logs',
            role: 'assistant',
            kind: 'tool_call',
            content: [
              { type: 'tool-call', toolCallId: 'call1', toolName: 'Bash', input: { cmd: 'logs' } },
            ],
          },
          {
            id: 'r1',
            sessionId: 'logs',
            role: 'tool',
            kind: 'tool_result',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call1',
                output: { type: 'text', value: bigLog() },
              },
            ],
          },
        ],
      }),
    });
    if (appended.status !== 200) throw new Error(await appended.text());
    const { position } = (await appended.json()) as { position: number };
    const hits = async (word: string): Promise<string[]> => {
      const response = await fetch(
        `${server.url}/v1/sessions/logs/search?q=${word}&minPosition=${position}`,
      );
      const page = (await response.json()) as { results: Array<{ messageId: string }> };
      return page.results.map((result) => result.messageId);
    };
    const events = JSON.stringify(
      await (await fetch(`${server.url}/v1/sessions/logs/events?limit=10`)).json(),
    );
    expect(events).toContain('"type":"blob"');
    expect(await hits('zanzibarquota')).toEqual(['r1']);
    expect(await hits('xylophonelimit')).toEqual([]);
  }, 120_000);
});
