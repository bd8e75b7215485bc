import { createHash } from 'node:crypto';
import { generateText, jsonSchema, tool } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { startServer, type RunningServer } from '../../apps/server/test/testing/start-server';
import { createWireFetch } from './wire/wire-fetch';

/**
 * A 5 MB file written by a `Write` tool call and a 5 MB pasted user text are kept as blobs, sent
 * inline in one append or uploaded first by the client: the events hold references, the blobs
 * give the bytes back exactly, and a real provider adapter in a real `generateText` call sends the
 * model view's head, marker and tail of each, never the whole text. A text of the latest turn that
 * fits reaches the model whole; once a later turn comes, it is cut like a long tool result.
 */
const BIG_CHARS = 5_000_000;
/** `DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS`. */
const SOFT_LIMIT = 20_000;

/** `chars` characters of numbered lines, some not ASCII: every slice unlike every other. */
function bigText(label: string, chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index += 1) {
    const line = `${label} ${String(index).padStart(7, '0')}: données ✓\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, chars);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Every string in a parsed JSON body. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

function cut(text: string): string {
  const head = text.slice(0, SOFT_LIMIT / 2);
  const tail = text.slice(-SOFT_LIMIT / 2);
  return `${head}\n\n[... ${text.length - SOFT_LIMIT} characters truncated ...]\n\n${tail}`;
}

describe('runtime conformance: tool inputs and long texts kept as blobs', () => {
  let server: RunningServer | undefined;
  const file = bigText('file line', BIG_CHARS);
  const pasted = bigText('pasted line', BIG_CHARS);

  beforeAll(async () => {
    server = await startServer({ MAX_BODY_BYTES: String(32 * 1024 * 1024) });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  function turn(sessionId: string): RuntimeMessageInput[] {
    return (
      [
        { id: 'u1', role: 'user', kind: 'user_input', content: pasted },
        {
          id: 'c1',
          role: 'assistant',
          kind: 'tool_call',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call1',
              toolName: 'Write',
              input: { file_path: 'notes.txt', content: file },
            },
          ],
        },
        {
          id: 'r1',
          role: 'tool',
          kind: 'tool_result',
          content: [
            { type: 'tool-result', toolCallId: 'call1', output: { type: 'text', value: 'ok' } },
          ],
        },
      ] satisfies Array<Omit<RuntimeMessageInput, 'sessionId'>>
    ).map((message) => ({ ...message, sessionId }));
  }

  it.each(['inline', 'client'] as const)(
    '%s: events hold references, blobs round trip byte-equal, the request holds head and tail',
    async (how) => {
      const sessionId = `blob-inputs-${how}`;
      const client = createLedgerClient({ baseUrl: server!.url });
      if (how === 'inline') {
        const appended = await fetch(`${server!.url}/v1/sessions/${sessionId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: turn(sessionId) }),
        });
        expect(appended.status).toBe(200);
      } else {
        await client.appendMessages(sessionId, { messages: turn(sessionId) });
      }

      const events = await (await fetch(`${server!.url}/v1/sessions/${sessionId}/events`)).text();
      expect(events.length).toBeLessThan(20_000);
      expect(events).toContain(
        `"inputBlobs":[{"path":["content"],"blob":{"sha256":"${sha256(file)}"`,
      );
      expect(events).toContain(`"blob":{"sha256":"${sha256(pasted)}"`);
      for (const text of [file, pasted]) {
        const bytes = await client.readBlob(sessionId, sha256(text));
        expect(Buffer.from(bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);
      }

      const wire = createWireFetch(() => ({ text: 'Done.' }));
      const prompt = await client.session(sessionId).prompt({ provider: 'anthropic' });
      const result = await generateText({
        model: createAnthropic({ apiKey: 'k', fetch: wire.fetch })('claude-sonnet-4-5'),
        tools: {
          Write: tool({
            inputSchema: jsonSchema({
              type: 'object',
              properties: { file_path: { type: 'string' }, content: { type: 'string' } },
              required: ['file_path', 'content'],
            }),
          }),
        },
        ...prompt,
      });
      expect(result.text).toBe('Done.');
      const body = wire.requests[0]!.body;
      const sent = stringsOf(JSON.parse(body) as unknown).filter((text) =>
        text.includes('characters truncated'),
      );
      expect(sent).toEqual([cut(pasted), cut(file)]);
      expect(body.length).toBeLessThan(SOFT_LIMIT * 4);
    },
    180_000,
  );

  it('a long text of the latest turn reaches the model whole, and is cut once a later turn comes', async () => {
    const sessionId = 'blob-inputs-latest-turn';
    const session = createLedgerClient({ baseUrl: server!.url }).session(sessionId);
    const text = bigText('latest line', 100_000);
    await session.append([{ role: 'user', kind: 'user_input', content: text }]);
    const whole = await session.prompt({ provider: 'anthropic' });
    expect(stringsOf(whole.messages)).toContain(text);
    await session.append([
      { role: 'assistant', kind: 'assistant_text', content: 'Read it.' },
      { role: 'user', kind: 'user_input', content: 'Now summarize.' },
    ]);
    const later = await session.prompt({ provider: 'anthropic' });
    const strings = stringsOf(later.messages);
    expect(strings).not.toContain(text);
    expect(strings).toContain(cut(text));
  }, 120_000);

  it('a blob output appended after a context was asked for is read too (the kept view takes new reads)', async () => {
    const sessionId = 'blob-inputs-later-output';
    const session = createLedgerClient({ baseUrl: server!.url }).session(sessionId);
    const output = bigText('output line', 100_000);
    await session.append([{ role: 'user', kind: 'user_input', content: 'Build it.' }]);
    await session.prompt({ provider: 'anthropic' });
    await session.append([
      {
        role: 'assistant',
        kind: 'tool_call',
        content: [{ type: 'tool-call', toolCallId: 'call1', toolName: 'build', input: {} }],
      },
      {
        role: 'tool',
        kind: 'tool_result',
        content: [
          { type: 'tool-result', toolCallId: 'call1', output: { type: 'text', value: output } },
        ],
      },
    ]);
    const prompt = await session.prompt({ provider: 'anthropic' });
    expect(stringsOf(prompt.messages)).toContain(cut(output));
  }, 120_000);
});
