import { createHash } from 'node:crypto';
import { startServer, type RunningServer } from '../testing/start-server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `size` characters of text lines, different for each `seed`, with a few non-ASCII ones. */
function longText(seed: string, size: number): string {
  const lines: string[] = [];
  let total = 0;
  for (let index = 0; total < size; index += 1) {
    const line = `${seed} ${index}: où est le café? 中文 ${'-'.repeat(index % 50)}\n`;
    lines.push(line);
    total += line.length;
  }
  return lines.join('').slice(0, size);
}

describe('the Markdown export of long texts kept as blobs', () => {
  let server: RunningServer;
  const secret = `sk-proj-${'A1b2C3d4'.repeat(6)}`;
  // Over the 32 KiB threshold (stored as blobs), over a 1 MiB range of the blob store.
  const answer = `${longText('answer', 1_500_000)}\nthe key was ${secret}\nthe end of the answer`;
  const reasoning = longText('thinking', 200_000);
  const toolOutput = longText('build log', 100_000);

  beforeAll(async () => {
    server = await startServer({ EXPORT_INCLUDE_REASONING: 'true' });
    const sessionId = 'long-texts';
    const messages = [
      { id: 'u1', role: 'user', kind: 'user_input', content: 'explain, then build' },
      {
        id: 'think',
        role: 'assistant',
        kind: 'assistant_reasoning',
        content: [{ type: 'reasoning', text: reasoning }],
      },
      {
        id: 'call',
        role: 'assistant',
        kind: 'tool_call',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'build', input: {} }],
      },
      {
        id: 'result',
        role: 'tool',
        kind: 'tool_result',
        content: [
          { type: 'tool-result', toolCallId: 'c1', output: { type: 'text', value: toolOutput } },
        ],
      },
      {
        id: 'answer',
        role: 'assistant',
        kind: 'assistant_text',
        content: [{ type: 'text', text: answer }],
      },
    ];
    const appended = await fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: messages.map((message) => ({ ...message, sessionId })) }),
    });
    expect(appended.status).toBe(200);
  }, 180_000);
  afterAll(() => server?.stop());

  it('writes the whole answer and reasoning, redacted; a tool output stays a reference', async () => {
    const events = (await (
      await fetch(`${server.url}/v1/sessions/long-texts/events?limit=1000`)
    ).json()) as { events: Array<{ type: string; data: unknown }> };
    const stored = JSON.stringify(events.events.map((event) => event.data));
    // The events hold previews only: the whole texts are in the blob store.
    expect(stored).not.toContain('the end of the answer');
    expect(stored).not.toContain(reasoning.slice(-200));

    const response = await fetch(`${server.url}/v1/sessions/long-texts/export?format=markdown`);
    expect(response.status).toBe(200);
    const markdown = await response.text();

    const redactedAnswer = answer.replace(secret, '[REDACTED]');
    expect(markdown).toContain(`\n\n${redactedAnswer}\n`);
    expect(markdown).not.toContain(secret);
    expect(markdown).toContain(
      `\n\n${reasoning
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`,
    );
    // The tool output: its reference and preview, not its bytes.
    expect(markdown).toContain(
      `[blob ${sha256(toolOutput)}: ${Buffer.byteLength(toolOutput)} bytes, text/plain; charset=utf-8]`,
    );
    expect(markdown).not.toContain(toolOutput.slice(-300));
  }, 120_000);
});
