import { createHash } from 'node:crypto';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { InvalidImportSourceError } from '../errors';
import { importLedgerJsonl } from './import-ledger-jsonl';
import { LEDGER_JSONL_CHUNK_BYTES, type LedgerJsonlBlobHeader } from './ledger-jsonl-blob';
import { ledgerJsonlWithBlobs } from './ledger-jsonl-with-blobs';

const at = '2026-12-01T10:00:00.000Z';
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function blobOutputMessages(sessionId: string, bytes: Buffer): RuntimeMessage[] {
  const blob = {
    sha256: sha256Of(bytes),
    size: bytes.length,
    mediaType: 'text/plain; charset=utf-8',
    preview: 'x',
  };
  return [
    {
      id: 'c1',
      sessionId,
      kind: 'tool_call',
      role: 'assistant',
      createdAt: at,
      content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'read', input: {} }],
    },
    ...(['r1', 'r2'] as const).map((id, index): RuntimeMessage => ({
      id,
      sessionId,
      kind: 'tool_result',
      role: 'tool',
      createdAt: at,
      content: [
        {
          type: 'tool-result',
          toolCallId: index === 0 ? 't1' : 't2',
          toolName: 'read',
          output: { type: 'blob', as: 'text', blob },
        },
      ],
    })),
  ];
}

/** A tenant's blobs in memory, read in pieces of `pieceBytes` as a chunked store gives them. */
function blobsOf(contents: Buffer[], pieceBytes: number) {
  const byHash = new Map(contents.map((bytes) => [sha256Of(bytes), bytes]));
  return {
    stat: (sha256: string) => {
      const bytes = byHash.get(sha256);
      return Promise.resolve(
        bytes === undefined
          ? undefined
          : { size: bytes.length, mediaType: 'text/plain; charset=utf-8' },
      );
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    read: async function* (sha256: string) {
      const bytes = byHash.get(sha256) ?? Buffer.alloc(0);
      for (let start = 0; start < bytes.length; start += pieceBytes) {
        yield bytes.subarray(start, start + pieceBytes);
      }
    },
  };
}

async function linesOf(source: AsyncIterable<string>): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of source) lines.push(line);
  return lines;
}

describe('ledgerJsonlWithBlobs', () => {
  it('writes each blob once, before the first message that refers to it, in chunk lines of at most LEDGER_JSONL_CHUNK_BYTES', async () => {
    const bytes = Buffer.alloc(LEDGER_JSONL_CHUNK_BYTES * 2 + 10, 'a');
    const messages = blobOutputMessages('s1', bytes);
    const lines = await linesOf(
      ledgerJsonlWithBlobs(messages, (message) => message, blobsOf([bytes], 512 * 1024)),
    );
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => line.kind ?? line.type)).toEqual([
      'tool_call',
      'blob',
      // The store's pieces of 512 KiB, each cut at LEDGER_JSONL_CHUNK_BYTES: 384 + 128, then 256.
      'blob-chunk',
      'blob-chunk',
      'blob-chunk',
      'tool_result',
      'tool_result',
    ]);
    expect(parsed[1]).toEqual({
      type: 'blob',
      sha256: sha256Of(bytes),
      size: bytes.length,
      mediaType: 'text/plain; charset=utf-8',
      encoding: 'base64',
    });
    const pieces = parsed
      .filter((line) => line.type === 'blob-chunk')
      .map((line) => Buffer.from(String(line.data), 'base64'));
    expect(pieces.every((piece) => piece.length <= LEDGER_JSONL_CHUNK_BYTES)).toBe(true);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it('writes no lines for a blob the store does not hold', async () => {
    const messages = blobOutputMessages('s1', Buffer.from('gone'));
    const lines = await linesOf(
      ledgerJsonlWithBlobs(messages, (message) => message, blobsOf([], 8)),
    );
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual([
      'c1',
      'r1',
      'r2',
    ]);
  });
});

describe('importLedgerJsonl', () => {
  const kept: Array<{ header: LedgerJsonlBlobHeader; bytes: Buffer }> = [];
  const storeBlob = async (header: LedgerJsonlBlobHeader, chunks: AsyncIterable<Uint8Array>) => {
    const pieces: Uint8Array[] = [];
    for await (const chunk of chunks) pieces.push(chunk);
    kept.push({ header, bytes: Buffer.concat(pieces) });
  };
  beforeEach(() => kept.splice(0));

  it('stores the included blobs as it reads them and appends the messages under the target session', async () => {
    const bytes = Buffer.alloc(LEDGER_JSONL_CHUNK_BYTES + 5, 'b');
    const exported = await linesOf(
      ledgerJsonlWithBlobs(blobOutputMessages('source', bytes), (m) => m, blobsOf([bytes], 1000)),
    );
    const plan = await importLedgerJsonl(exported, { sessionId: 'target', storeBlob });
    expect(kept.map(({ header }) => header.sha256)).toEqual([sha256Of(bytes)]);
    expect(kept[0]?.bytes.equals(bytes)).toBe(true);
    // r2 answers a call the export does not hold: left out, and said why.
    expect(plan.sessions).toEqual([
      {
        sessionId: 'target',
        commands: [
          {
            type: 'AppendMessages',
            sessionId: 'target',
            messages: blobOutputMessages('target', bytes).slice(0, 2),
          },
        ],
      },
    ]);
    expect(plan.report).toMatchObject({
      format: 'jsonl',
      // Three messages and one blob (its chunk lines are the blob's, not records of their own).
      records: 4,
      messages: 2,
    });
    expect(plan.report.notes.map((note) => note.reason)).toEqual([
      'tool result for a call not in the imported history (another branch, or cut off)',
    ]);
  });

  it('makes one compaction of a boundary and the summary naming it', async () => {
    const boundary = {
      id: 'b1',
      sessionId: 's',
      kind: 'compact_boundary',
      role: 'system',
      createdAt: at,
      content: { type: 'compact-boundary', trigger: 'auto' },
    };
    const summary = {
      id: 'sum1',
      sessionId: 's',
      kind: 'compact_summary',
      role: 'user',
      createdAt: at,
      content: 'Earlier: the login bug was found.',
      metadata: { summaryForBoundaryId: 'b1', synthetic: true },
    };
    const user = {
      id: 'u1',
      sessionId: 's',
      kind: 'user_input',
      role: 'user',
      createdAt: at,
      content: 'hi',
    };
    const plan = await importLedgerJsonl(
      [user, boundary, summary].map((line) => JSON.stringify(line)),
      { sessionId: 's', storeBlob },
    );
    expect(plan.sessions[0]?.commands.map((command) => command.type)).toEqual([
      'AppendMessages',
      'CompactSession',
    ]);
    expect(plan.report.compactions).toBe(1);
  });

  it.each([
    ['a line that is not JSON', ['{"id":'], 'line 1: not JSON'],
    [
      'a chunk without its header',
      ['{"type":"blob-chunk","sha256":"aa","data":""}'],
      'line 1: a blob chunk without its blob header',
    ],
    [
      'a blob cut short',
      [
        JSON.stringify({
          type: 'blob',
          sha256: 'a'.repeat(64),
          size: 10,
          mediaType: 'text/plain',
          encoding: 'base64',
        }),
      ],
      'blob aaaaaaaa',
    ],
    ['a line of no known kind', ['{"kind":"shout","id":"x"}'], 'line 1: neither a runtime message'],
    [
      'a message its schema refuses',
      ['{"kind":"user_input","id":"u","role":"user","createdAt":"2026-01-01T00:00:00.000Z"}'],
      'line 1:',
    ],
  ])('refuses %s, saying where', async (_what, lines, expected) => {
    const imported = importLedgerJsonl(lines, { sessionId: 's', storeBlob });
    await expect(imported).rejects.toThrow(InvalidImportSourceError);
    await expect(importLedgerJsonl(lines, { sessionId: 's', storeBlob })).rejects.toThrow(expected);
  });
});
