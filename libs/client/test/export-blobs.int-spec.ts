import { createHash } from 'node:crypto';
import { startServer, type RunningServer } from '../../../apps/server/test/testing/start-server';
import { collect, createLedgerClient, isLedgerError, type LedgerClient } from '../src';

function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** `length` characters, each line different, so no two chunks of the blob are alike. */
function linesOf(label: string, length: number): string {
  const lines: string[] = [];
  let total = 0;
  for (let index = 0; total < length; index += 1) {
    const line = `${label} line ${index}: ${'é'.repeat(index % 13)}${'x'.repeat(index % 71)}\n`;
    lines.push(line);
    total += line.length;
  }
  return lines.join('').slice(0, length);
}

/** The `sha256` of every blob reference in the session's recorded events. */
async function referencedBlobs(ledger: LedgerClient, sessionId: string): Promise<string[]> {
  const events = await collect(ledger.events(sessionId));
  return [
    ...JSON.stringify(events.map((event) => event.data)).matchAll(/"sha256":"([0-9a-f]{64})"/g),
  ]
    .map((match) => match[1] ?? '')
    .filter((hash, index, all) => all.indexOf(hash) === index)
    .sort();
}

describe('exportJsonl({ blobs }): an export that carries its blobs into another ledger', () => {
  let source: RunningServer;
  let target: RunningServer;
  let from: LedgerClient;
  let to: LedgerClient;
  // A tool output over several 512 KiB chunks, and a long assistant text: both become blobs.
  const output = linesOf('output', 1_300_000);
  const longText = linesOf('answer', 90_000);
  // The output's first 3,000 bytes as the first chunk line of an included blob starts.
  const headInBase64 = Buffer.from(output).subarray(0, 3000).toString('base64');

  beforeAll(async () => {
    [source, target] = await Promise.all([startServer(), startServer()]);
    from = createLedgerClient({ baseUrl: source.url });
    to = createLedgerClient({ baseUrl: target.url });
    await from.session('original').append([
      {
        id: 'call',
        role: 'assistant',
        kind: 'tool_call',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read', input: {} }],
      },
      {
        id: 'result',
        role: 'tool',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'read',
            output: { type: 'text', value: output },
          },
        ],
      },
      {
        id: 'answer',
        role: 'assistant',
        kind: 'assistant_text',
        content: [{ type: 'text', text: longText }],
      },
    ]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
  });

  // First: the target holds none of the blobs yet.
  it('without the option the export only refers to the blobs, which another ledger refuses', async () => {
    const content = await from.exportJsonl('original', {});
    expect(content).not.toContain(headInBase64);
    const refused = await to.importHistory('reference-only', { format: 'jsonl', content }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isLedgerError(refused, 'UnknownBlob')).toBe(true);
  }, 120_000);

  it('imports with blobs=include into a ledger that never held them; the bytes read back equal', async () => {
    const hashes = await referencedBlobs(from, 'original');
    expect(hashes).toEqual([sha256(longText), sha256(output)].sort());

    const content = await from.exportJsonl('original', { blobs: 'include' });
    expect(content).toContain(headInBase64);
    const result = await to.importHistory('copy', { format: 'jsonl', content });
    expect(result.sessions.map((session) => session.sessionId)).toEqual(['copy']);

    expect(await referencedBlobs(to, 'copy')).toEqual(hashes);
    expect(Buffer.from(await to.readBlob('copy', sha256(output))).toString('utf8')).toBe(output);
    expect(Buffer.from(await to.readBlob('copy', sha256(longText))).toString('utf8')).toBe(
      longText,
    );
  }, 120_000);
});
