import { generateText, jsonSchema, tool } from 'ai';
import { providerClients } from './scenario/provider-clients';
import { withLedgerServer } from './with-ledger-server';
import { createWireFetch } from './wire/wire-fetch';

/**
 * A 2 MB tool output, stored as a blob by the append, reaches a real provider adapter in a real
 * `generateText` call as the model view keeps it: its head, the truncation marker, its tail
 * (read from the blob by range), byte for byte in the request body the adapter sent.
 */
const OUTPUT_CHARS = 2_000_000;
/** `DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS`: what the model view keeps of a long tool output. */
const SOFT_LIMIT = 20_000;

/** 2 MB of numbered log lines: every slice of it is unlike every other. */
function bigOutput(): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < OUTPUT_CHARS; index += 1) {
    const line = `log line ${String(index).padStart(7, '0')}: build step finished\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, OUTPUT_CHARS);
}

/** `size` bytes that differ from those of any other `seed`. */
function bytesOf(seed: number, size: number): Buffer {
  return Buffer.from(
    Array.from({ length: size }, (_, index) => (index * 31 + seed * 7 + (index >> 8)) % 256),
  );
}

/** Every string in a parsed JSON body. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('runtime conformance: a blob tool output in a real generateText call', () => {
  const ledgerServer = withLedgerServer();
  const output = bigOutput();

  it.each([
    ['openai', (fetch: typeof globalThis.fetch) => providerClients(fetch).openai('gpt-5')],
    [
      'anthropic',
      (fetch: typeof globalThis.fetch) => providerClients(fetch).anthropic('claude-sonnet-4-5'),
    ],
  ] as const)(
    '%s: the request body holds the head, the marker and the tail, not the whole output',
    async (provider, modelOf) => {
      const sessionId = `blob-context-${provider}`;
      const appended = await fetch(`${ledgerServer.url}/v1/sessions/${sessionId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [
            { id: 'u1', role: 'user', kind: 'user_input', content: 'Run the build.' },
            {
              id: 'c1',
              role: 'assistant',
              kind: 'tool_call',
              content: [{ type: 'tool-call', toolCallId: 'call1', toolName: 'build', input: {} }],
            },
            {
              id: 'r1',
              role: 'tool',
              kind: 'tool_result',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: 'call1',
                  output: { type: 'text', value: output },
                },
              ],
            },
          ].map((message) => ({ ...message, sessionId })),
        }),
      });
      expect(appended.status).toBe(200);
      // The event holds a reference, not the 2 MB.
      const events = await (
        await fetch(`${ledgerServer.url}/v1/sessions/${sessionId}/events`)
      ).text();
      expect(events.length).toBeLessThan(20_000);
      expect(events).toContain('"type":"blob"');

      const wire = createWireFetch(() => ({ text: 'The build finished.' }));
      const session = ledgerServer.client.session(sessionId);
      const prompt = await session.prompt({ provider });
      const result = await generateText({
        model: modelOf(wire.fetch),
        tools: {
          build: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }),
        },
        ...prompt,
      });
      expect(result.text).toBe('The build finished.');

      expect(wire.requests).toHaveLength(1);
      const body = wire.requests[0]!.body;
      const head = output.slice(0, SOFT_LIMIT / 2);
      const tail = output.slice(-SOFT_LIMIT / 2);
      const marker = `\n\n[... ${OUTPUT_CHARS - SOFT_LIMIT} characters truncated ...]\n\n`;
      const sent = stringsOf(JSON.parse(body) as unknown).filter((text) =>
        text.includes('characters truncated'),
      );
      expect(sent).toEqual([head + marker + tail]);
      // Nothing else of the output went: the body is the excerpt and the rest of the request.
      expect(body).not.toContain(output.slice(SOFT_LIMIT, SOFT_LIMIT + 200));
      expect(body.length).toBeLessThan(SOFT_LIMIT * 2);
    },
    120_000,
  );

  it('attachments kept as blobs (one inline in the append, one uploaded first) reach Anthropic whole', async () => {
    const sessionId = 'blob-attachments';
    const image = bytesOf(1, 300_000);
    const pdf = bytesOf(2, 200_000);
    const put = await fetch(`${ledgerServer.url}/v1/sessions/${sessionId}/blobs`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(put.status).toBe(201);
    const pdfSha = String(((await put.json()) as { sha256: unknown }).sha256);
    const appended = await fetch(`${ledgerServer.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          {
            id: 'u1',
            sessionId,
            role: 'user',
            kind: 'user_input',
            content: [
              { type: 'text', text: 'What do these show?' },
              { type: 'image', image: image.toString('base64'), mediaType: 'image/png' },
              {
                type: 'file',
                data: {
                  type: 'blob',
                  blob: { sha256: pdfSha, size: 0, mediaType: 'text/plain', preview: '' },
                },
                mediaType: 'application/pdf',
                filename: 'report.pdf',
              },
            ],
          },
        ],
      }),
    });
    expect(appended.status).toBe(200);
    // The event holds two references, filled in from the stored bytes, not the caller's word.
    const events = await (
      await fetch(`${ledgerServer.url}/v1/sessions/${sessionId}/events`)
    ).text();
    expect(events.length).toBeLessThan(20_000);
    expect(events).toContain(`"size":${pdf.length},"mediaType":"application/pdf"`);
    expect(events).toContain(`"size":${image.length},"mediaType":"image/png"`);

    const wire = createWireFetch(() => ({ text: 'A chart and a report.' }));
    const session = ledgerServer.client.session(sessionId);
    const prompt = await session.prompt({ provider: 'anthropic' });
    const result = await generateText({
      model: providerClients(wire.fetch).anthropic('claude-sonnet-4-5'),
      ...prompt,
    });
    expect(result.text).toBe('A chart and a report.');
    const sent = stringsOf(JSON.parse(wire.requests[0]!.body) as unknown);
    expect(sent).toContain(image.toString('base64'));
    expect(sent).toContain(pdf.toString('base64'));
  }, 120_000);
});
