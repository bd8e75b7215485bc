import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { InvalidInputBlobError } from './invalid-input-blob.error';
import { storeLargeOutputs } from './store-large-outputs';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const base = { sessionId: 's1', createdAt: '2026-01-01T00:00:00.000Z' } as const;

function storage(blobs: InMemoryBlobStore) {
  return { blobs, tenant: 'acme', sessionKey: 'acme s1', thresholdBytes: 100 };
}

function textReference(text: string) {
  return {
    sha256: sha256(text),
    size: Buffer.byteLength(text),
    mediaType: 'text/plain; charset=utf-8',
    preview: text.slice(0, 200),
    textLength: text.length,
  };
}

async function bytesOf(blobs: InMemoryBlobStore, hash: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of blobs.read('acme', hash)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('storeLargeOutputs: long texts', () => {
  it('given a user text above the threshold, stores it and keeps a text part of its preview and reference', async () => {
    const blobs = new InMemoryBlobStore();
    const text = 'é'.repeat(300); // 600 bytes of UTF-8
    const [stored] = await storeLargeOutputs(
      [{ ...base, id: 'u1', role: 'user', kind: 'user_input', content: text }],
      storage(blobs),
    );
    expect(stored).toEqual({
      ...base,
      id: 'u1',
      role: 'user',
      kind: 'user_input',
      content: [{ type: 'text', text: 'é'.repeat(200), blob: textReference(text) }],
    });
    expect(await bytesOf(blobs, sha256(text))).toBe(text);
    expect(await blobs.isReferencedBy('acme', sha256(text), 'acme s1')).toBe(true);
  });

  it('stores long reasoning and assistant text parts, keeping short parts and attachments as they are', async () => {
    const blobs = new InMemoryBlobStore();
    const thinking = 'think '.repeat(50);
    const answer = 'answer '.repeat(50);
    const messages: RuntimeMessage[] = [
      { ...base, id: 'r1', role: 'assistant', kind: 'assistant_reasoning', content: thinking },
      {
        ...base,
        id: 'a1',
        role: 'assistant',
        kind: 'assistant_text',
        content: [
          { type: 'text', text: 'short' },
          { type: 'text', text: answer },
        ],
      },
    ];
    expect(await storeLargeOutputs(messages, storage(blobs))).toEqual([
      {
        ...messages[0],
        content: [
          { type: 'reasoning', text: thinking.slice(0, 200), blob: textReference(thinking) },
        ],
      },
      {
        ...messages[1],
        content: [
          { type: 'text', text: 'short' },
          { type: 'text', text: answer.slice(0, 200), blob: textReference(answer) },
        ],
      },
    ]);
  });
});

describe('storeLargeOutputs: tool-call inputs', () => {
  it('given a Write input with a large content, stores the string and keeps the input an object with its preview', async () => {
    const blobs = new InMemoryBlobStore();
    const content = 'line\n'.repeat(100);
    const [stored] = await storeLargeOutputs(
      [
        {
          ...base,
          id: 'c1',
          role: 'assistant',
          kind: 'tool_call',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'Write',
              input: { file_path: 'a.txt', content, options: [1, { note: content }] },
            },
          ],
        },
      ],
      storage(blobs),
    );
    expect(stored).toEqual({
      ...base,
      id: 'c1',
      role: 'assistant',
      kind: 'tool_call',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'Write',
          input: {
            file_path: 'a.txt',
            content: content.slice(0, 200),
            options: [1, { note: content.slice(0, 200) }],
          },
          inputBlobs: [
            { path: ['content'], blob: textReference(content) },
            { path: ['options', 1, 'note'], blob: textReference(content) },
          ],
        },
      ],
    });
    expect(blobs.size.blobs).toBe(1);
    expect(await bytesOf(blobs, sha256(content))).toBe(content);
  });

  it('fills in a reference the caller sent for an uploaded value, and refuses a path to no string', async () => {
    const blobs = new InMemoryBlobStore();
    const content = 'x'.repeat(1000);
    await blobs.put('acme', Readable.from([Buffer.from(content)]), {
      mediaType: 'text/plain; charset=utf-8',
    });
    const call = (path: Array<string | number>): RuntimeMessage => ({
      ...base,
      id: 'c1',
      role: 'assistant',
      kind: 'tool_call',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'Write',
          input: { content: '' },
          inputBlobs: [
            { path, blob: { sha256: sha256(content), size: 0, mediaType: 'x/y', preview: 'lie' } },
          ],
        },
      ],
    });
    const [stored] = await storeLargeOutputs([call(['content'])], storage(blobs));
    expect(stored?.kind === 'tool_call' && stored.content[0]).toEqual({
      type: 'tool-call',
      toolCallId: 'call-1',
      toolName: 'Write',
      input: { content: 'x'.repeat(200) },
      inputBlobs: [{ path: ['content'], blob: textReference(content) }],
    });
    await expect(storeLargeOutputs([call(['missing'])], storage(blobs))).rejects.toThrow(
      InvalidInputBlobError,
    );
  });
});

describe('storeLargeOutputs: references sent again', () => {
  it('given a plausible text length in a sent reference, reads only the preview bytes, not the blob', async () => {
    const blobs = new InMemoryBlobStore();
    const text = 'é'.repeat(50_000); // 100,000 bytes
    await blobs.put('acme', Readable.from([Buffer.from(text)]), {
      mediaType: 'text/plain; charset=utf-8',
    });
    const step = (textLength?: number): RuntimeMessage => ({
      ...base,
      id: 't1',
      role: 'tool',
      kind: 'tool_result',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          output: {
            type: 'blob',
            as: 'text',
            blob: {
              sha256: sha256(text),
              size: 1,
              mediaType: 'text/plain',
              preview: '',
              ...(textLength === undefined ? {} : { textLength }),
            },
          },
        },
      ],
    });
    const expected = { type: 'blob', as: 'text', blob: textReference(text) };
    const [sent] = await storeLargeOutputs([step(text.length)], storage(blobs));
    expect(sent?.kind === 'tool_result' && sent.content[0]?.output).toEqual(expected);
    expect(blobs.bytesRead).toBeLessThanOrEqual(800);

    blobs.bytesRead = 0;
    // Without a length, or with one the size does not allow, the text is counted from the bytes.
    for (const textLength of [undefined, 100_001, 33_333]) {
      const [counted] = await storeLargeOutputs([step(textLength)], storage(blobs));
      expect(counted?.kind === 'tool_result' && counted.content[0]?.output).toEqual(expected);
    }
    expect(blobs.bytesRead).toBeGreaterThanOrEqual(3 * 100_000);
  });
});
