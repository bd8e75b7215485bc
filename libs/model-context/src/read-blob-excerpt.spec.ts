import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import type { ContentBlobRef } from '@agent-ledger/messages';
import { blobExcerptLengths } from '@agent-ledger/projections';
import { readBlobExcerpt } from './read-blob-excerpt';

async function stored(store: InMemoryBlobStore, text: string): Promise<ContentBlobRef> {
  const bytes = Buffer.from(text, 'utf8');
  const { sha256, size } = await store.put(
    't1',
    (async function* () {
      yield await Promise.resolve(bytes);
    })(),
    { mediaType: 'text/plain; charset=utf-8' },
  );
  return {
    sha256,
    size,
    mediaType: 'text/plain; charset=utf-8',
    preview: '',
    textLength: text.length,
  };
}

/** Well-formed text: any code points (astral ones are two code units, four UTF-8 bytes). */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'é', '中', '😀', '\n'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { maxLength: 120 },
  )
  .map((characters) => characters.join(''))
  .filter((value) => Buffer.from(value, 'utf8').toString('utf8') === value);

describe('readBlobExcerpt', () => {
  it('reads what the soft limit keeps of the text, code unit for code unit', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 0, max: 320 }), async (value, limit) => {
        const store = new InMemoryBlobStore(7);
        const blob = await stored(store, value);
        const lengths = blobExcerptLengths(value.length, limit);
        await expect(readBlobExcerpt(store, 't1', blob, limit)).resolves.toEqual({
          head: value.slice(0, lengths.head),
          tail: lengths.tail === 0 ? '' : value.slice(value.length - lengths.tail),
        });
      }),
    );
  });

  it('reads two ranges of a large blob, not the blob', async () => {
    const store = new InMemoryBlobStore();
    const value = '中'.repeat(2_000_000) + 'end';
    const blob = await stored(store, value);
    const excerpt = await readBlobExcerpt(store, 't1', blob, 20_000);
    expect(excerpt.head).toBe('中'.repeat(10_000));
    expect(excerpt.tail).toBe('中'.repeat(9_997) + 'end');
    expect(store.bytesRead).toBeLessThanOrEqual(2 * (3 * 10_000 + 4));
    expect(createHash('sha256').update(value).digest('hex')).toBe(blob.sha256);
  });
});
