import { createHash } from 'node:crypto';
import { startServer, type RunningServer } from '../../../apps/server/test/testing/start-server';
import { collect, createLedgerClient, type LedgerClient, type NewMessage } from '../src';

/** What the client sent: each request's method, path and body size. */
interface SentRequest {
  method: string;
  path: string;
  bodyBytes: number;
}

function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** `length` characters of text built from `alphabet`, different at every position of a line. */
function textOf(alphabet: string, length: number): string {
  const line = Array.from({ length: 997 }, (_, index) => alphabet[index % alphabet.length]).join(
    '',
  );
  return `${line}\n`.repeat(Math.ceil(length / (line.length + 1))).slice(0, length);
}

function toolTurn(index: number, output: unknown): NewMessage[] {
  return [
    {
      id: `call-${index}`,
      role: 'assistant',
      kind: 'tool_call',
      content: [{ type: 'tool-call', toolCallId: `c${index}`, toolName: 'read', input: { index } }],
    },
    {
      id: `result-${index}`,
      role: 'tool',
      kind: 'tool_result',
      content: [{ type: 'tool-result', toolCallId: `c${index}`, toolName: 'read', output }],
    },
  ];
}

/** The outputs of the session's recorded tool results, in order. */
async function recordedOutputs(ledger: LedgerClient, sessionId: string): Promise<unknown[]> {
  const events = await collect(ledger.events(sessionId));
  return events
    .filter((event) => event.type === 'ToolResultRecorded')
    .flatMap((event) => (event.data as { content: Array<{ output: unknown }> }).content)
    .map((part) => part.output);
}

describe('the client uploads large tool outputs instead of truncating them', () => {
  let server: RunningServer;
  let ledger: LedgerClient;
  const sent: SentRequest[] = [];

  beforeAll(async () => {
    server = await startServer({ REQUEST_TIMEOUT_MS: '600000' });
    // The real fetch, watched: which requests carried the bytes.
    const watchedFetch: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const body = init?.body;
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        bodyBytes:
          body instanceof Blob ? body.size : typeof body === 'string' ? Buffer.byteLength(body) : 0,
      });
      return fetch(input, init);
    };
    ledger = createLedgerClient({ baseUrl: server.url, fetch: watchedFetch });
  }, 120_000);
  afterAll(() => server.stop());
  beforeEach(() => {
    sent.length = 0;
  });

  it('uploads a 5 MB output and the event refers to it; the bytes read back are equal', async () => {
    const output = textOf('abcdefghijklmnopqrstuvwxyz0123456789 ', 5_000_000);
    const session = ledger.session('five-megabytes');
    await session.append(toolTurn(1, { type: 'text', value: output }));

    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/v1/sessions/five-megabytes/blobs', bodyBytes: 5_000_000 },
    ]);
    const append = sent.find((request) => request.path.endsWith('/messages'));
    expect(append?.bodyBytes).toBeLessThan(4096);
    expect(await recordedOutputs(ledger, 'five-megabytes')).toEqual([
      {
        type: 'blob',
        as: 'text',
        blob: {
          sha256: sha256(output),
          size: 5_000_000,
          mediaType: 'text/plain; charset=utf-8',
          preview: output.slice(0, 200),
          textLength: 5_000_000,
        },
      },
    ]);
    const bytes = await ledger.readBlob('five-megabytes', sha256(output));
    expect(new TextDecoder().decode(bytes)).toBe(output);
    const tail = await ledger.readBlob('five-megabytes', sha256(output), { start: 4_999_990 });
    expect(new TextDecoder().decode(tail)).toBe(output.slice(4_999_990));
  });

  it('uploads 20 M Chinese characters whole (60 MB of UTF-8), and they read back equal', async () => {
    const output = textOf('数据库存储的事件日志与读取模型', 20_000_000);
    const session = ledger.session('cjk');
    await session.append(toolTurn(1, { type: 'text', value: output }));

    const [recorded] = await recordedOutputs(ledger, 'cjk');
    const bytes = Buffer.from(output, 'utf8');
    expect(recorded).toMatchObject({
      type: 'blob',
      as: 'text',
      blob: { sha256: sha256(bytes), size: bytes.length, textLength: 20_000_000 },
    });
    const read = await ledger.readBlob('cjk', sha256(bytes));
    expect(read.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(read), bytes)).toBe(0);
  }, 120_000);

  it('uploads each of several large outputs of one turn, so the append stays small; a retry records nothing new', async () => {
    // Five outputs of 250 KB, and 300 KB of control characters (1.5 MB once JSON-escaped): over
    // the 1 MiB append limit together, inline.
    const outputs = [1, 2, 3, 4, 5].map((index) => textOf(`${index}abcdefgh`, 250_000));
    const controls = textOf('\u0001\u0002\u0003\u0004', 300_000);
    const json = { rows: Array.from({ length: 5000 }, (_, row) => ({ row, name: `row ${row}` })) };
    const turn = [
      ...outputs.flatMap((output, index) => toolTurn(index, { type: 'text', value: output })),
      ...toolTurn(5, { type: 'error-text', value: controls }),
      ...toolTurn(6, { type: 'json', value: json }),
      ...toolTurn(7, { type: 'text', value: 'a small output stays inline' }),
    ];
    const session = ledger.session('many', { concurrency: 'off' });
    const first = await session.append(turn);

    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(7);
    const append = sent.find((request) => request.path.endsWith('/messages'));
    expect(append?.bodyBytes).toBeLessThan(16 * 1024);
    const recorded = await recordedOutputs(ledger, 'many');
    expect(
      recorded.map((output) => (output as { type: string; as?: string }).as ?? output),
    ).toEqual([
      'text',
      'text',
      'text',
      'text',
      'text',
      'error-text',
      'json',
      { type: 'text', value: 'a small output stays inline' },
    ]);
    const jsonReference = recorded[6] as { blob: { sha256: string } };
    expect(
      JSON.parse(
        new TextDecoder().decode(await ledger.readBlob('many', jsonReference.blob.sha256)),
      ),
    ).toEqual(json);

    const again = await session.append(turn);
    expect(again.revision).toBe(first.revision);
    expect(await recordedOutputs(ledger, 'many')).toEqual(recorded);
  });
});
