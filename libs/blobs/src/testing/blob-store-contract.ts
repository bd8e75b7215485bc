import { createHash } from 'node:crypto';
import {
  BlobDigestMismatchError,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobTooLargeError,
} from '../blob-errors';
import type { BlobStore } from '../blob-store';
import { limitBlobBytes } from '../limit-blob-bytes';

/** A store under test, and how to close it. */
export interface BlobStoreUnderTest {
  store: BlobStore;
  close(): Promise<void>;
}

/** What the contract opens a store with. */
export interface BlobStoreContractOptions {
  /** The store's clock (when it dates an upload for `collectUnreferenced`). */
  now: () => Date;
}

/** Bytes per chunk the contract opens stores with: small, so a few KB span several chunks. */
export const CONTRACT_CHUNK_SIZE = 1000;

/** `length` bytes, different for each `seed`, in pieces of awkward sizes. */
export async function* contractBytes(
  length: number,
  seed: number,
  piece = 777,
): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < length; offset += piece) {
    const size = Math.min(piece, length - offset);
    // Asynchronous, as a socket is.
    await Promise.resolve();
    yield Uint8Array.from({ length: size }, (_, index) => (offset + index) * 31 + seed * 7);
  }
}

/** Every byte of `source`, in one buffer (for assertions on small blobs). */
export async function collectBytes(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of source) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

/** `bytes` as an asynchronous source of one piece. */
export async function* bytesSource(bytes: Buffer): AsyncGenerator<Uint8Array> {
  await Promise.resolve();
  yield bytes;
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The `BlobStore` port's contract, as jest tests, run against every store: `open` makes a fresh,
 * empty store with chunks of `CONTRACT_CHUNK_SIZE` bytes and the clock it is given. What a store
 * keeps on disk (no file holding an erased blob, one copy of shared bytes) is each store's own
 * spec. A store with `collectUnreferenced` also runs the sweep's contract.
 */
export function describeBlobStoreContract(
  name: string,
  open: (options: BlobStoreContractOptions) => Promise<BlobStoreUnderTest>,
): void {
  describe(`${name}: the BlobStore contract`, () => {
    let opened: BlobStoreUnderTest;
    let store: BlobStore;
    let now = new Date('2026-01-01T00:00:00.000Z');
    beforeEach(async () => {
      now = new Date('2026-01-01T00:00:00.000Z');
      opened = await open({ now: () => now });
      store = opened.store;
    });
    afterEach(() => opened.close());

    it('stores bytes and reads them back whole and by any range', async () => {
      const bytes = await collectBytes(contractBytes(5_432, 1));
      const stored = await store.put('t', contractBytes(5_432, 1), {
        mediaType: 'application/x-test',
      });
      expect(stored).toEqual({ sha256: sha256Of(bytes), size: bytes.length, created: true });
      expect(await store.stat('t', stored.sha256)).toEqual({
        size: bytes.length,
        mediaType: 'application/x-test',
      });
      expect((await collectBytes(store.read('t', stored.sha256))).equals(bytes)).toBe(true);
      for (const [start, end] of [
        [0, 0],
        [999, 1000],
        [1000, 1999],
        [123, 4_567],
        [5_431, 5_431],
      ] as const) {
        const part = await collectBytes(store.read('t', stored.sha256, { start, end }));
        expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
      }
      await expect(
        collectBytes(store.read('t', stored.sha256, { start: 10, end: 5_432 })),
      ).rejects.toThrow(BlobRangeNotSatisfiableError);
      await expect(
        collectBytes(store.read('t', stored.sha256, { start: 20, end: 10 })),
      ).rejects.toThrow(BlobRangeNotSatisfiableError);
    });

    it('stores empty bytes, and reads them back as nothing', async () => {
      const stored = await store.put('t', bytesSource(Buffer.alloc(0)), {
        mediaType: 'text/plain',
      });
      expect(stored).toEqual({ sha256: sha256Of(Buffer.alloc(0)), size: 0, created: true });
      expect((await collectBytes(store.read('t', stored.sha256))).length).toBe(0);
    });

    it('stores the same bytes once per tenant, and tenants apart', async () => {
      const first = await store.put('t', contractBytes(3_000, 2), { mediaType: 'text/plain' });
      const again = await store.put('t', contractBytes(3_000, 2, 100), {
        mediaType: 'text/plain',
      });
      expect(again).toEqual({ ...first, created: false });
      const known = await store.put('t', contractBytes(3_000, 2), {
        mediaType: 'text/plain',
        expectedSha256: first.sha256,
      });
      expect(known).toEqual({ ...first, created: false });
      expect(await store.stat('other', first.sha256)).toBeUndefined();
      await expect(collectBytes(store.read('other', first.sha256))).rejects.toThrow(
        BlobNotFoundError,
      );
      const theirs = await store.put('other', contractBytes(3_000, 2), {
        mediaType: 'text/plain',
      });
      expect(theirs).toEqual({ ...first, created: true });
    });

    it('refuses bytes that do not hash as announced, and keeps nothing of them', async () => {
      const wrong = 'a'.repeat(64);
      await expect(
        store.put('t', contractBytes(2_500, 3), { mediaType: 'text/plain', expectedSha256: wrong }),
      ).rejects.toThrow(BlobDigestMismatchError);
      const bytes = await collectBytes(contractBytes(2_500, 3));
      expect(await store.stat('t', sha256Of(bytes))).toBeUndefined();
      expect(await store.stat('t', wrong)).toBeUndefined();
      const stored = await store.put('t', contractBytes(2_500, 3), {
        mediaType: 'text/plain',
        expectedSha256: sha256Of(bytes),
      });
      expect(stored.created).toBe(true);
    });

    it('keeps nothing of a put whose source fails, such as one over the size limit', async () => {
      await expect(
        store.put('t', limitBlobBytes(contractBytes(5_000, 4), 4_000), {
          mediaType: 'text/plain',
        }),
      ).rejects.toThrow(BlobTooLargeError);
      // The first 4,000 bytes were written before the failure: none of them is a blob.
      const head = (await collectBytes(contractBytes(5_000, 4))).subarray(0, 3_885);
      expect(await store.stat('t', sha256Of(head))).toBeUndefined();
      const whole = await store.put('t', contractBytes(5_000, 4), { mediaType: 'text/plain' });
      expect(whole.created).toBe(true);
    });

    it('records references per session, and releases a session: only the blobs no other session refers to go', async () => {
      const shared = Buffer.concat([Buffer.from('SharedToken-5d1e'), Buffer.alloc(2_000, 1)]);
      const own = Buffer.concat([Buffer.from('OwnToken-9a2f'), Buffer.alloc(2_000, 2)]);
      const sharedRef = await store.put('t', bytesSource(shared), {
        mediaType: 'text/plain',
        sessionKey: 'a',
      });
      await store.addReference('t', sharedRef.sha256, 'b');
      // Twice: idempotent.
      await store.addReference('t', sharedRef.sha256, 'b');
      const ownRef = await store.put('t', bytesSource(own), { mediaType: 'text/plain' });
      await store.addReference('t', ownRef.sha256, 'a');
      expect(await store.isReferencedBy('t', ownRef.sha256, 'a')).toBe(true);
      expect(await store.isReferencedBy('t', ownRef.sha256, 'b')).toBe(false);
      expect(await store.isReferencedBy('t', sharedRef.sha256, 'b')).toBe(true);
      expect(await store.isReferencedBy('other', sharedRef.sha256, 'b')).toBe(false);

      expect(await store.releaseSession('t', 'a')).toEqual([ownRef.sha256]);
      expect(await store.stat('t', ownRef.sha256)).toBeUndefined();
      await expect(collectBytes(store.read('t', ownRef.sha256))).rejects.toThrow(BlobNotFoundError);
      expect(await store.isReferencedBy('t', sharedRef.sha256, 'a')).toBe(false);
      expect((await collectBytes(store.read('t', sharedRef.sha256))).equals(shared)).toBe(true);
      // Released again: nothing more goes.
      expect(await store.releaseSession('t', 'a')).toEqual([]);
      expect(await store.releaseSession('t', 'b')).toEqual([sharedRef.sha256]);
      expect(await store.stat('t', sharedRef.sha256)).toBeUndefined();
      // Erased, the same bytes can be stored again.
      const back = await store.put('t', bytesSource(shared), {
        mediaType: 'text/plain',
        sessionKey: 'c',
      });
      expect(back).toEqual({ ...sharedRef, created: true });
      expect((await collectBytes(store.read('t', back.sha256))).equals(shared)).toBe(true);
    });

    it("keeps one tenant's release from touching another tenant's blob", async () => {
      const bytes = Buffer.from('same bytes in two tenants');
      const mine = await store.put('t', bytesSource(bytes), {
        mediaType: 'text/plain',
        sessionKey: 's',
      });
      await store.put('u', bytesSource(bytes), { mediaType: 'text/plain', sessionKey: 's' });
      expect(await store.releaseSession('u', 's')).toEqual([mine.sha256]);
      expect((await collectBytes(store.read('t', mine.sha256))).equals(bytes)).toBe(true);
    });

    it('refuses a reference to a blob the tenant does not hold', async () => {
      await expect(store.addReference('t', 'b'.repeat(64), 'a')).rejects.toThrow(BlobNotFoundError);
    });

    it('sweeps the uploads no message came to refer to, once older than the cut-off, and nothing else', async () => {
      const collect = (cutOff: string): Promise<string[]> => {
        if (store.collectUnreferenced === undefined) throw new Error(`${name} has no sweep`);
        return store.collectUnreferenced(new Date(cutOff));
      };
      const upload = (seed: number, sessionKey: string) =>
        store.put('t', contractBytes(3_000, seed), {
          mediaType: 'x/y',
          sessionKey,
          provisional: true,
        });
      const forgotten = await upload(11, 's1');
      const referenced = await upload(12, 's1');
      await store.addReference('t', referenced.sha256, 's1');
      const heldElsewhere = await upload(13, 's1');
      await store.addReference('t', heldElsewhere.sha256, 's2');
      // Stored by the append path (a lasting reference), then uploaded by another session.
      const lasting = await store.put('t', contractBytes(3_000, 15), {
        mediaType: 'x/y',
        sessionKey: 's3',
      });
      await upload(15, 's1');
      // An upload of bytes the session's messages already refer to keeps that reference lasting.
      const again = await store.put('t', contractBytes(3_000, 12), {
        mediaType: 'x/y',
        sessionKey: 's1',
        provisional: true,
        expectedSha256: referenced.sha256,
      });
      expect(again.created).toBe(false);
      now = new Date('2026-01-01T00:00:10.000Z');
      const late = await upload(14, 's1');
      // Uploaded again later by the session that had forgotten it: dated again.
      const forgottenTwice = await upload(16, 's4');
      now = new Date('2026-01-01T00:00:12.000Z');
      await upload(16, 's4');

      expect(await collect('2026-01-01T00:00:05.000Z')).toEqual([forgotten.sha256]);
      expect(await store.stat('t', forgotten.sha256)).toBeUndefined();
      await expect(collectBytes(store.read('t', forgotten.sha256))).rejects.toThrow(
        BlobNotFoundError,
      );
      // A message that comes to refer to it after the sweep is refused clearly.
      await expect(store.addReference('t', forgotten.sha256, 's1')).rejects.toThrow(
        BlobNotFoundError,
      );
      expect(await store.isReferencedBy('t', referenced.sha256, 's1')).toBe(true);
      // Kept for s2 (and s3), no longer for the session that only uploaded it.
      expect(await store.isReferencedBy('t', heldElsewhere.sha256, 's1')).toBe(false);
      expect(await store.isReferencedBy('t', heldElsewhere.sha256, 's2')).toBe(true);
      expect(await store.isReferencedBy('t', lasting.sha256, 's1')).toBe(false);
      expect(await store.isReferencedBy('t', lasting.sha256, 's3')).toBe(true);
      expect(await store.isReferencedBy('t', late.sha256, 's1')).toBe(true);
      // Swept again with the same cut-off: nothing more goes.
      expect(await collect('2026-01-01T00:00:05.000Z')).toEqual([]);

      expect(await collect('2026-01-01T00:00:11.000Z')).toEqual([late.sha256]);
      expect(await store.isReferencedBy('t', forgottenTwice.sha256, 's4')).toBe(true);
      expect(await collect('2026-01-01T00:00:13.000Z')).toEqual([forgottenTwice.sha256]);
      const kept = await collectBytes(store.read('t', referenced.sha256));
      expect(kept.equals(await collectBytes(contractBytes(3_000, 12)))).toBe(true);
      expect(await store.stat('t', heldElsewhere.sha256)).toBeDefined();
      // Swept, the same bytes can be uploaded again.
      expect((await upload(11, 's1')).created).toBe(true);
    });
  });
}
