import { createHash } from 'node:crypto';
import { InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import type { UserInputMessage } from '@agent-ledger/messages';
import { storeLargeAttachments } from './store-large-attachments';
import { UnknownBlobError } from './unknown-blob.error';

function input(content: UserInputMessage['content']): UserInputMessage {
  return {
    id: 'u1',
    sessionId: 's1',
    role: 'user',
    kind: 'user_input',
    createdAt: '2026-01-01T00:00:00.000Z',
    content,
  };
}

async function bytesOf(blobs: InMemoryBlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.read('acme', sha256)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('storeLargeAttachments', () => {
  const storage = (blobs: InMemoryBlobStore) => ({
    blobs,
    tenant: 'acme',
    sessionKey: 'acme s1',
    thresholdBytes: 100,
  });
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  it('stores the bytes of an image above the threshold and of a base64 data: URL file, by their own media type', async () => {
    const blobs = new InMemoryBlobStore();
    const stored = await storeLargeAttachments(
      input([
        { type: 'text', text: 'see' },
        { type: 'image', image: bytes.toString('base64'), mediaType: 'image/png' },
        {
          type: 'file',
          data: `data:application/pdf;base64,${bytes.toString('base64')}`,
          mediaType: 'application/octet-stream',
          filename: 'a.pdf',
        },
      ]),
      storage(blobs),
    );
    expect(stored.content).toEqual([
      { type: 'text', text: 'see' },
      {
        type: 'image',
        image: { type: 'blob', blob: { sha256, size: 3000, mediaType: 'image/png', preview: '' } },
        mediaType: 'image/png',
      },
      {
        type: 'file',
        data: {
          type: 'blob',
          blob: { sha256, size: 3000, mediaType: 'application/pdf', preview: '' },
        },
        mediaType: 'application/octet-stream',
        filename: 'a.pdf',
      },
    ]);
    expect((await bytesOf(blobs, sha256)).equals(bytes)).toBe(true);
    expect(await blobs.isReferencedBy('acme', sha256, 'acme s1')).toBe(true);
  });

  it('keeps small attachments and URLs as they are', async () => {
    const blobs = new InMemoryBlobStore();
    const message = input([
      { type: 'image', image: 'aGVsbG8=' },
      {
        type: 'file',
        data: `https://example.com/${'x'.repeat(200)}.pdf`,
        mediaType: 'application/pdf',
      },
    ]);
    expect(await storeLargeAttachments(message, storage(blobs))).toBe(message);
  });

  it('fills in an uploaded blob from the store, and refuses one the tenant does not hold', async () => {
    const blobs = new InMemoryBlobStore();
    await blobs.put(
      'acme',
      (async function* () {
        yield await Promise.resolve(bytes);
      })(),
      { mediaType: 'image/webp' },
    );
    const named = (hash: string) =>
      input([
        {
          type: 'image',
          image: { type: 'blob', blob: { sha256: hash, size: 1, mediaType: 'x/y', preview: 'p' } },
        },
      ]);
    expect((await storeLargeAttachments(named(sha256), storage(blobs))).content).toEqual([
      {
        type: 'image',
        image: { type: 'blob', blob: { sha256, size: 3000, mediaType: 'image/webp', preview: '' } },
      },
    ]);
    expect(await blobs.isReferencedBy('acme', sha256, 'acme s1')).toBe(true);
    await expect(storeLargeAttachments(named('0'.repeat(64)), storage(blobs))).rejects.toThrow(
      UnknownBlobError,
    );
  });
});
