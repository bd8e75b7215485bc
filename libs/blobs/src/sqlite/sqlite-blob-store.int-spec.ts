import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BlobNotFoundError, BlobStoreReadOnlyError, BlobTooLargeError } from '../blob-errors';
import { limitBlobBytes } from '../limit-blob-bytes';
import { SqliteBlobStore } from './sqlite-blob-store';

const CHUNK = 1000;

/** `length` bytes, different for each `seed`, in pieces of awkward sizes. */
async function* bytesOf(length: number, seed: number, piece = 777): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < length; offset += piece) {
    const size = Math.min(piece, length - offset);
    // Asynchronous, as a socket is.
    await Promise.resolve();
    yield Uint8Array.from({ length: size }, (_, index) => (offset + index) * 31 + seed * 7);
  }
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of source) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

function filesHolding(dir: string, needle: Buffer): string[] {
  return readdirSync(dir).filter((name) => readFileSync(path.join(dir, name)).includes(needle));
}

describe('SqliteBlobStore', () => {
  let dir: string;
  let store: SqliteBlobStore;
  const open = () =>
    new SqliteBlobStore({ path: path.join(dir, 'blobs.sqlite'), chunkSize: CHUNK });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-blobs-'));
    store = open();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the same bytes once per tenant, and tenants apart', async () => {
    const first = await store.put('t', bytesOf(3_000, 2), { mediaType: 'text/plain' });
    const again = await store.put('t', bytesOf(3_000, 2, 100), { mediaType: 'text/plain' });
    expect(again).toEqual({ ...first, created: false });
    expect(await store.stat('other', first.sha256)).toBeUndefined();
    const db = new Database(path.join(dir, 'blobs.sqlite'), { readonly: true });
    const count = (db.prepare('SELECT count(*) AS n FROM blob_chunks').get() as { n: number }).n;
    db.close();
    expect(count).toBe(3);
  });

  it('keeps nothing of a put whose source fails, such as one over the size limit', async () => {
    await expect(
      store.put('t', limitBlobBytes(bytesOf(5_000, 4), 4_000), { mediaType: 'text/plain' }),
    ).rejects.toThrow(BlobTooLargeError);
    const db = new Database(path.join(dir, 'blobs.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT count(*) AS n FROM blob_contents').get() as { n: number };
    db.close();
    expect(rows.n).toBe(0);
  });

  it('deletes at open what an interrupted put staged, and never shows it', async () => {
    const token = Buffer.from('StagedToken-71c3');
    async function* interrupted(): AsyncGenerator<Uint8Array> {
      yield Buffer.concat([token, Buffer.alloc(CHUNK * 3)]);
      // Never ends: the process "dies" here.
      await new Promise(() => undefined);
    }
    void store.put('t', interrupted(), { mediaType: 'text/plain' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.close();
    store = open();
    const db = new Database(path.join(dir, 'blobs.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT count(*) AS n FROM blob_contents').get() as { n: number };
    db.close();
    expect(rows.n).toBe(0);
    expect(filesHolding(dir, token)).toEqual([]);
  });

  it('releases a session: deletes the blobs only it referred to, from every file', async () => {
    const shared = Buffer.concat([Buffer.from('SharedToken-5d1e'), Buffer.alloc(2_000, 1)]);
    const own = Buffer.concat([Buffer.from('OwnToken-9a2f'), Buffer.alloc(2_000, 2)]);
    const sharedRef = await store.put('t', toAsync(shared), {
      mediaType: 'text/plain',
      sessionKey: 'a',
    });
    await store.addReference('t', sharedRef.sha256, 'b');
    const ownRef = await store.put('t', toAsync(own), { mediaType: 'text/plain' });
    await store.addReference('t', ownRef.sha256, 'a');
    expect(await store.isReferencedBy('t', ownRef.sha256, 'a')).toBe(true);
    expect(await store.isReferencedBy('t', ownRef.sha256, 'b')).toBe(false);

    expect(await store.releaseSession('t', 'a')).toEqual([ownRef.sha256]);
    expect(await store.stat('t', ownRef.sha256)).toBeUndefined();
    await expect(collect(store.read('t', ownRef.sha256))).rejects.toThrow(BlobNotFoundError);
    expect((await collect(store.read('t', sharedRef.sha256))).equals(shared)).toBe(true);
    expect(filesHolding(dir, Buffer.from('OwnToken-9a2f'))).toEqual([]);
    expect(filesHolding(dir, Buffer.from('SharedToken-5d1e'))).not.toEqual([]);
    // Released again: nothing more goes.
    expect(await store.releaseSession('t', 'a')).toEqual([]);
    expect(await store.releaseSession('t', 'b')).toEqual([sharedRef.sha256]);
    expect(filesHolding(dir, Buffer.from('SharedToken-5d1e'))).toEqual([]);
  });

  it('collects uploads no message came to refer to, once older than the cut-off, and nothing else', async () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    await store.close();
    store = new SqliteBlobStore({
      path: path.join(dir, 'blobs.sqlite'),
      chunkSize: CHUNK,
      now: () => now,
    });
    const upload = (seed: number, sessionKey: string) =>
      store.put('t', bytesOf(3_000, seed), { mediaType: 'x/y', sessionKey, provisional: true });
    const forgotten = await upload(1, 's1');
    const referenced = await upload(2, 's1');
    await store.addReference('t', referenced.sha256, 's1');
    const heldElsewhere = await upload(3, 's1');
    await store.addReference('t', heldElsewhere.sha256, 's2');
    // An upload of bytes the session's messages already refer to keeps that reference lasting.
    const again = await store.put('t', bytesOf(3_000, 2), {
      mediaType: 'x/y',
      sessionKey: 's1',
      provisional: true,
      expectedSha256: referenced.sha256,
    });
    expect(again.created).toBe(false);
    now = new Date('2026-01-01T00:00:10.000Z');
    const late = await upload(4, 's1');
    expect(await store.collectUnreferenced(new Date('2026-01-01T00:00:05.000Z'))).toEqual([
      forgotten.sha256,
    ]);
    expect(await store.stat('t', forgotten.sha256)).toBeUndefined();
    expect(filesHolding(dir, await collect(bytesOf(3_000, 1)))).toEqual([]);
    expect(await store.isReferencedBy('t', referenced.sha256, 's1')).toBe(true);
    // Kept for s2, no longer for the session that only uploaded it.
    expect(await store.isReferencedBy('t', heldElsewhere.sha256, 's1')).toBe(false);
    expect(await store.isReferencedBy('t', heldElsewhere.sha256, 's2')).toBe(true);
    expect(await store.isReferencedBy('t', late.sha256, 's1')).toBe(true);
    expect(await store.collectUnreferenced(new Date('2026-01-01T00:00:11.000Z'))).toEqual([
      late.sha256,
    ]);
    expect(await store.stat('t', referenced.sha256)).toBeDefined();
  });

  it('refuses a reference to a blob the tenant does not hold', async () => {
    await expect(store.addReference('t', 'b'.repeat(64), 'a')).rejects.toThrow(BlobNotFoundError);
  });

  it('read-only (a full disk): serves what the file holds, refuses writes, and reads a missing file as empty', async () => {
    const bytes = await collect(bytesOf(2500, 5));
    const stored = await store.put('t1', bytesOf(2500, 5), {
      mediaType: 'application/octet-stream',
    });
    await store.close();
    // Opened with the default chunk size: each blob is read with the one it was written with.
    const readOnly = new SqliteBlobStore({ path: path.join(dir, 'blobs.sqlite'), readOnly: true });
    try {
      expect(await collect(readOnly.read('t1', stored.sha256))).toEqual(bytes);
      await expect(
        readOnly.put('t1', bytesOf(10, 6), { mediaType: 'application/octet-stream' }),
      ).rejects.toThrow(BlobStoreReadOnlyError);
      await expect(readOnly.addReference('t1', stored.sha256, 's')).rejects.toThrow(
        BlobStoreReadOnlyError,
      );
    } finally {
      await readOnly.close();
    }
    const missing = new SqliteBlobStore({
      path: path.join(dir, 'none', 'blobs.sqlite'),
      readOnly: true,
    });
    try {
      expect(await missing.stat('t1', stored.sha256)).toBeUndefined();
      expect(readdirSync(dir)).not.toContain('none');
    } finally {
      await missing.close();
    }
    store = open();
  });
});

async function* toAsync(bytes: Buffer): AsyncGenerator<Uint8Array> {
  await Promise.resolve();
  yield bytes;
}
