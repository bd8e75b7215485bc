import { createHash } from 'node:crypto';
import { bytesSource, InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import type { ContentBlobRef } from '@agent-ledger/messages';
import {
  projectToExport,
  renderExportMarkdown,
  type ExportMessage,
} from '@agent-ledger/projections';
import { seedExampleMessages } from '@agent-ledger/testing';
import {
  exportJsonBody,
  exportMarkdownBody,
  jsonWithArrayBody,
  type ExportRow,
} from './export-body';
import { wholeBlobTextReader } from './whole-blob-text-reader';

async function text(pieces: AsyncIterable<string>): Promise<string> {
  let whole = '';
  for await (const piece of pieces) whole += piece;
  return whole;
}

const context = { sessionId: 's1', activeAgentName: 'default', includeReasoning: false };
const [first, second, third] = projectToExport(seedExampleMessages(), context, {
  redact: false,
}).messages;
if (first === undefined || second === undefined || third === undefined) {
  throw new Error('The seed exports fewer than three messages.');
}
/** Rows as the export read model gives them: one left out, one with redactions. */
const rows: ExportRow[] = [
  { id: 'm1', entry: first, redactions: 0 },
  { id: 'hidden', entry: undefined, redactions: 0 },
  { id: 'm3', entry: second, redactions: 2 },
  { id: 'm4', entry: third, redactions: 0 },
];

describe('an export written piece by piece', () => {
  it('is, as JSON, the text of the whole export stringified at once', () => {
    const whole = {
      sessionId: 's1',
      revision: 6,
      export: {
        messages: [first, second, third],
        diagnostics: {
          hiddenMessageIds: ['hidden'],
          truncatedMessageIds: [],
          injectedNotes: [],
          redactionCount: 2,
          redactedMessageIds: ['m3'],
        },
      },
    };
    expect([...exportJsonBody({ sessionId: 's1', revision: 6 }, rows)].join('')).toBe(
      JSON.stringify(whole),
    );
  });

  it('is, as Markdown, renderExportMarkdown’s text', async () => {
    const whole = renderExportMarkdown(
      {
        messages: [first, second, third],
        diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
      },
      { title: 'Session s1' },
    );
    expect(await text(exportMarkdownBody('Session s1', rows))).toBe(whole);
  });

  it('writes an empty export as the whole one', async () => {
    expect([...exportJsonBody({ sessionId: 's1', revision: 0 }, [])].join('')).toBe(
      '{"sessionId":"s1","revision":0,"export":{"messages":[],"diagnostics":{"hiddenMessageIds":[],"truncatedMessageIds":[],"injectedNotes":[],"redactionCount":0,"redactedMessageIds":[]}}}',
    );
    expect(await text(exportMarkdownBody('Session s1', []))).toBe('# Session s1\n\n\n');
  });

  it('writes an object whose last property is an array, item by item', () => {
    const items = [{ a: 1 }, 'two', null];
    expect(
      [...jsonWithArrayBody({ sessionId: 's1', revision: 3 }, 'messages', items)].join(''),
    ).toBe(JSON.stringify({ sessionId: 's1', revision: 3, messages: items }));
    expect([...jsonWithArrayBody({}, 'calls', [])].join('')).toBe('{"calls":[]}');
  });
});

describe('a Markdown export of texts kept as blobs', () => {
  const tenant = 'default';
  // Lines of several scripts, so that ranges end inside multi-byte characters.
  const longText = Array.from(
    { length: 6000 },
    (_, index) => `line ${index}: é中😀 ${'w'.repeat(index % 37)}`,
  ).join('\n');
  const longReasoning = `first thought\n${'a step, then another\n'.repeat(3000)}last thought`;

  async function stored(store: InMemoryBlobStore, content: string): Promise<ContentBlobRef> {
    const bytes = Buffer.from(content);
    await store.put(tenant, bytesSource(bytes), {
      mediaType: 'text/plain; charset=utf-8',
      sessionKey: 's1',
    });
    return {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      mediaType: 'text/plain; charset=utf-8',
      preview: content.slice(0, 200),
    };
  }

  function message(
    content: ExportMessage['content'],
    semanticType: ExportMessage['semanticType'],
  ): ExportMessage {
    return {
      view: 'export',
      role: 'assistant',
      semanticType,
      id: semanticType,
      createdAt: '2026-01-01T00:00:00.000Z',
      sourceMessageIds: [semanticType],
      content,
    };
  }

  const markdownOf = (messages: ExportMessage[]) =>
    renderExportMarkdown(
      {
        messages,
        diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
      },
      { title: 'Session s1' },
    );

  it('writes a long text and a long reasoning whole, as if they sat in the events', async () => {
    const store = new InMemoryBlobStore(4096);
    const textBlob = await stored(store, longText);
    const reasoningBlob = await stored(store, longReasoning);
    const kept = [
      message(
        [
          { type: 'text', text: 'a short text before' },
          { type: 'text', text: textBlob.preview, blob: textBlob },
        ],
        'assistant_text',
      ),
      message(
        [{ type: 'reasoning', text: reasoningBlob.preview, blob: reasoningBlob }],
        'assistant_reasoning',
      ),
    ];
    const whole = [
      message(
        [
          { type: 'text', text: 'a short text before' },
          { type: 'text', text: longText },
        ],
        'assistant_text',
      ),
      message([{ type: 'reasoning', text: longReasoning }], 'assistant_reasoning'),
    ];
    const rows = kept.map((entry) => ({ id: entry.id, entry, redactions: 0 }));

    const body = await text(
      exportMarkdownBody('Session s1', rows, wholeBlobTextReader(store, tenant, undefined)),
    );

    expect(body).toBe(markdownOf(whole));
    expect(store.bytesRead).toBe(textBlob.size + reasoningBlob.size);
    // Without a blob store, the preview as before.
    expect(await text(exportMarkdownBody('Session s1', rows))).toBe(markdownOf(kept));
  });

  it('redacts the whole text as the export redacts its messages', async () => {
    const store = new InMemoryBlobStore(1000);
    const secret = `Authorization: Bearer ${'tok3n'.repeat(8)}`;
    const content = `${'a harmless line\n'.repeat(20_000)}${secret}\n${'and more\n'.repeat(10)}`;
    const blob = await stored(store, content);
    const entry = message([{ type: 'text', text: blob.preview, blob }], 'assistant_text');
    const redact = (value: string) => value.replaceAll(secret, '[REDACTED]');

    const body = await text(
      exportMarkdownBody(
        'Session s1',
        [{ id: entry.id, entry, redactions: 0 }],
        wholeBlobTextReader(store, tenant, redact),
      ),
    );

    expect(body).not.toContain('tok3n');
    expect(body).toBe(
      markdownOf([message([{ type: 'text', text: redact(content) }], 'assistant_text')]),
    );
  });

  it('keeps the preview, and says so, when the store no longer holds the blob', async () => {
    const store = new InMemoryBlobStore();
    const blob = { ...(await stored(new InMemoryBlobStore(), longText)) };
    const entry = message([{ type: 'text', text: blob.preview, blob }], 'assistant_text');

    const body = await text(
      exportMarkdownBody(
        'Session s1',
        [{ id: entry.id, entry, redactions: 0 }],
        wholeBlobTextReader(store, tenant, undefined),
      ),
    );

    expect(body).toBe(
      `${markdownOf([entry]).slice(0, -1)}\n\n*(preview: the whole text, blob ${blob.sha256}, is no longer stored)*\n`,
    );
  });
});
