import { createHash } from 'node:crypto';
import { bytesSource, InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import { readBlobTextPieces } from './read-blob-text-pieces';

describe('readBlobTextPieces', () => {
  const tenant = 'default';
  // Two-, three- and four-byte characters, so that ranges of 1000 bytes end inside them.
  const content = Array.from({ length: 900 }, (_, index) => `${index}é中😀`).join('\n');

  async function store(): Promise<{ blobs: InMemoryBlobStore; sha256: string; size: number }> {
    const blobs = new InMemoryBlobStore(256);
    const bytes = Buffer.from(content);
    await blobs.put(tenant, bytesSource(bytes), { mediaType: 'text/plain; charset=utf-8' });
    blobs.bytesRead = 0;
    return { blobs, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
  }

  it('decodes the text whole, whatever range ends inside a character', async () => {
    const { blobs, sha256, size } = await store();
    const pieces: string[] = [];
    for await (const piece of readBlobTextPieces(blobs, tenant, { sha256, size }, 1000)) {
      pieces.push(piece);
    }
    expect(pieces.join('')).toBe(content);
    expect(pieces.length).toBe(Math.ceil(size / 1000));
    expect(pieces.join('')).not.toContain('\uFFFD');
  });

  it('reads one range at a time, only when the piece before was taken', async () => {
    const { blobs, sha256, size } = await store();
    const reader = readBlobTextPieces(blobs, tenant, { sha256, size }, 1000);
    expect(blobs.bytesRead).toBe(0);
    await reader.next();
    expect(blobs.bytesRead).toBe(1000);
    await reader.next();
    expect(blobs.bytesRead).toBe(2000);
    await reader.return(undefined);
  });
});
