import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startServer, type RunningServer } from '../testing/start-server';

const MB = 1000 * 1000;

/** `size` characters of ASCII text, different for each `seed`, its start and end marked. */
function bigText(seed: string, size: number): string {
  const line = `${seed}: the quick brown fox jumps over the lazy dog 0123456789\n`;
  const body = line.repeat(Math.ceil(size / line.length)).slice(0, size - 10);
  return `BEGIN${body}<END>`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The resident memory of a process now, in bytes (`VmRSS`). */
function memoryOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 'NaN') * 1024;
}

/** One turn: the user asks, the model calls `read`, the tool returns `output`. */
function turn(index: number, output: string): object[] {
  return [
    { id: `u${index}`, role: 'user', kind: 'user_input', content: `read file ${index}` },
    {
      id: `c${index}`,
      role: 'assistant',
      kind: 'tool_call',
      content: [
        { type: 'tool-call', toolCallId: `call${index}`, toolName: 'read', input: { index } },
      ],
    },
    {
      id: `r${index}`,
      role: 'tool',
      kind: 'tool_result',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call${index}`,
          output: { type: 'text', value: output },
        },
      ],
    },
  ];
}

describe('large tool outputs over HTTP', () => {
  /** `fetch`, failing with what the server printed when the connection broke. */
  async function fetchOrSay(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      throw new Error(`${String(error)}: ${server.output().slice(-2000)}`, { cause: error });
    }
  }

  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ REQUEST_TIMEOUT_MS: '600000', KEEP_ALIVE_TIMEOUT_MS: '600000' });
  }, 120_000);
  afterAll(() => server.stop());

  async function append(sessionId: string, messages: object[]): Promise<Response> {
    return fetchOrSay(`${server.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: messages.map((message) => ({ ...message, sessionId })),
      }),
    });
  }

  it('records a 64 MB tool output posted to the append route and serves it back byte-equal', async () => {
    const output = bigText('sixty-four', 64 * MB);
    const appended = await append('big-output', turn(1, output));
    if (appended.status !== 200) throw new Error(await appended.text());
    const first: unknown = await appended.json();

    const events = JSON.stringify(
      await (await fetch(`${server.url}/v1/sessions/big-output/events?limit=10`)).json(),
    );
    // The event holds the reference, not the output.
    expect(events.length).toBeLessThan(64 * 1024);
    expect(events).toContain(`"sha256":"${sha256(output)}"`);

    const whole = await fetch(`${server.url}/v1/sessions/big-output/blobs/${sha256(output)}`);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(64 * MB);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256(output));

    // A retry decides the same events: the store takes them as the ones it has.
    const retried = await append('big-output', turn(1, output));
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual(first);
  }, 300_000);

  it('answers the model context of five 20 MB outputs with head and tail, its memory bounded', async () => {
    const outputs = [1, 2, 3, 4, 5].map((index) => bigText(`output-${index}`, 20 * MB));
    for (const [index, output] of outputs.entries()) {
      expect((await append('five-outputs', turn(index + 1, output))).status).toBe(200);
    }
    const before = memoryOf(server.pid);
    let context: { messages: Array<{ role: string; content: unknown }> } | undefined;
    for (let request = 0; request < 5; request += 1) {
      const answer = await fetch(
        `${server.url}/v1/sessions/five-outputs/model-context?format=ai-sdk&recentUserTurns=5`,
      );
      expect(answer.status).toBe(200);
      context = (await answer.json()) as typeof context;
    }
    const grown = memoryOf(server.pid) - before;

    const results = (context?.messages ?? []).filter((message) => message.role === 'tool');
    expect(results).toHaveLength(5);
    for (const [index, message] of results.entries()) {
      const text = outputs[index] ?? '';
      expect(message.content).toEqual([
        {
          type: 'tool-result',
          toolCallId: `call${index + 1}`,
          toolName: 'read',
          output: {
            type: 'text',
            value:
              text.slice(0, 10_000) +
              `\n\n[... ${text.length - 20_000} characters truncated ...]\n\n` +
              text.slice(text.length - 10_000),
          },
        },
      ]);
    }
    // One output alone is 20 MB (40 MB as a string in memory): reading any whole would show.
    expect(grown).toBeLessThan(32 * 1024 * 1024);
  }, 300_000);

  it('keeps a fork’s blob outputs when the source is erased', async () => {
    const output = bigText('forked', 100_000);
    expect((await append('fork-source', turn(1, output))).status).toBe(200);
    const forked = await fetch(`${server.url}/v1/sessions/fork-source/forks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'fork-of-source' }),
    });
    expect(forked.status).toBe(201);
    const erased = await fetch(`${server.url}/v1/sessions/fork-source`, { method: 'DELETE' });
    expect(erased.status).toBe(200);

    expect(
      (await fetch(`${server.url}/v1/sessions/fork-source/blobs/${sha256(output)}`)).status,
    ).toBe(404);
    const blob = await fetch(`${server.url}/v1/sessions/fork-of-source/blobs/${sha256(output)}`);
    expect(blob.status).toBe(200);
    expect(await blob.text()).toBe(output);
    const context = await fetch(
      `${server.url}/v1/sessions/fork-of-source/model-context?format=ai-sdk`,
    );
    // The head the soft limit keeps, read from the blob the fork still refers to.
    const head = JSON.stringify(output.slice(0, 5_000)).slice(1, -1);
    expect(JSON.stringify(await context.json()).includes(head)).toBe(true);
  }, 120_000);
});
