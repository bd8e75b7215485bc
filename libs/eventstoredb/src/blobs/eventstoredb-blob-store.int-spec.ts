import { createHash } from 'node:crypto';
import { BlobNotFoundError, BlobUnreadableError, BlobUploadCutOffError } from '@agent-ledger/blobs';
import {
  CONTRACT_CHUNK_SIZE,
  bytesSource,
  collectBytes,
  contractBytes,
  describeBlobStoreContract,
} from '@agent-ledger/blobs/testing';
import { SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { startEsdbEmulator, type EsdbEmulator } from '../testing';
import { blobChunkAad } from './blob-chunk-aad';
import { parseBlobRecordEvent } from './blob-record';
import { blobStreamNames } from './blob-stream-names';
import { EventStoreDbBlobStore } from './eventstoredb-blob-store';
import { openBlobChunk } from './open-blob-chunk';

/** Under the emulator's append limit (2 KiB here) only if each chunk is its own small event. */
const APPEND_LIMIT = 2048;

describeBlobStoreContract('EventStoreDbBlobStore', async ({ now }) => {
  const emulator = await startEsdbEmulator({ maxAppendSize: APPEND_LIMIT });
  const keys = new SqliteContentKeyStore({ path: ':memory:' });
  const store = new EventStoreDbBlobStore({
    connectionString: emulator.connectionString,
    keys,
    chunkSize: CONTRACT_CHUNK_SIZE,
    now,
  });
  return {
    store,
    close: async () => {
      await store.close();
      await keys.close();
      await emulator.close();
    },
  };
});

describe('EventStoreDbBlobStore on the emulator', () => {
  let emulator: EsdbEmulator;
  let keys: SqliteContentKeyStore;
  let store: EventStoreDbBlobStore;
  beforeEach(async () => {
    emulator = await startEsdbEmulator({ maxAppendSize: APPEND_LIMIT });
    keys = new SqliteContentKeyStore({ path: ':memory:' });
    store = new EventStoreDbBlobStore({
      connectionString: emulator.connectionString,
      keys,
      chunkSize: CONTRACT_CHUNK_SIZE,
      chunksPerRead: 1,
    });
  });
  afterEach(async () => {
    await store.close();
    await keys.close();
    await emulator.close();
  });

  const recordsOf = (prefix: string) =>
    emulator.store.records.filter((record) => record.streamName.startsWith(prefix));
  const chunkRecords = () =>
    recordsOf('ledger-blobchunks-').filter((record) => record.eventType === 'BlobChunk');
  /** Chunk streams not tombstoned: the uploads whose bytes are a blob's. */
  const liveChunkStreams = () => {
    const records = recordsOf('ledger-blobchunks-');
    const tombstoned = new Set(
      records.filter((r) => r.eventType === '$streamDeleted').map((r) => r.streamName),
    );
    return [...new Set(records.map((r) => r.streamName))].filter((name) => !tombstoned.has(name));
  };
  const storedContentOf = (tenant: string, sha256: string) => {
    const stream = blobStreamNames.record(tenant, sha256);
    for (const record of emulator.store.records) {
      if (record.streamName !== stream || record.eventType !== 'BlobStored') continue;
      const parsed = parseBlobRecordEvent({
        type: record.eventType,
        data: JSON.parse(Buffer.from(record.data).toString('utf8')) as unknown,
      });
      if (parsed?.type === 'BlobStored') return parsed.data;
    }
    throw new Error(`no BlobStored in ${stream}`);
  };
  /** The journal entries a read of its stream returns (after its truncation). */
  const journalEntries = () => {
    const outcome = emulator.store.readStream(blobStreamNames.uploads);
    return outcome.kind === 'found' ? outcome.records.map((record) => record.eventType) : [];
  };
  const logHolds = (needle: Buffer) =>
    emulator.store.records.some((record) => Buffer.from(record.data).includes(needle));

  it('writes one event per chunk, sealed: no event holds the plain bytes', async () => {
    const token = Buffer.from('PlainChunkToken-3b9e');
    const bytes = Buffer.concat([Buffer.alloc(2_500, 7), token, Buffer.alloc(2_500, 8)]);
    const stored = await store.put('t', bytesSource(bytes), { mediaType: 'text/plain' });
    expect(chunkRecords()).toHaveLength(Math.ceil(bytes.length / CONTRACT_CHUNK_SIZE));
    for (const record of chunkRecords()) expect(record.data.length).toBeLessThan(APPEND_LIMIT);
    expect(logHolds(token)).toBe(false);
    expect((await collectBytes(store.read('t', stored.sha256))).equals(bytes)).toBe(true);
  });

  it('reads a range from the chunks that hold it, and from no other', async () => {
    const bytes = await collectBytes(contractBytes(10 * CONTRACT_CHUNK_SIZE, 9));
    const stored = await store.put('t', contractBytes(10 * CONTRACT_CHUNK_SIZE, 9), {
      mediaType: 'application/octet-stream',
    });
    // Every chunk but 2 and 3 damaged: a read that opened any of them would fail.
    const chunks = chunkRecords();
    for (const [index, record] of chunks.entries()) {
      if (index !== 2 && index !== 3) record.data[20] = (record.data[20] ?? 0) ^ 0xff;
    }
    const readsBefore = emulator.calls()['Streams.Read'] ?? 0;
    const part = await collectBytes(store.read('t', stored.sha256, { start: 2_100, end: 3_899 }));
    expect(part.equals(bytes.subarray(2_100, 3_900))).toBe(true);
    // One read of the blob's record, then one per chunk (chunksPerRead: 1): chunks 2 and 3.
    expect((emulator.calls()['Streams.Read'] ?? 0) - readsBefore).toBe(3);
    await expect(collectBytes(store.read('t', stored.sha256))).rejects.toThrow(BlobUnreadableError);
  });

  it('stores the same bytes once in a tenant across sessions, and once more in another tenant', async () => {
    const bytes = Buffer.from('a file read by two sessions '.repeat(200));
    const first = await store.put('t', bytesSource(bytes), {
      mediaType: 'text/plain',
      sessionKey: 'a',
    });
    const second = await store.put('t', bytesSource(bytes), {
      mediaType: 'text/plain',
      sessionKey: 'b',
    });
    expect([first.created, second.created]).toEqual([true, false]);
    expect(liveChunkStreams()).toHaveLength(1);
    const written = chunkRecords().length;
    // Announced by hash, bytes the tenant holds are not written at all.
    await store.put('t', bytesSource(bytes), {
      mediaType: 'text/plain',
      sessionKey: 'c',
      expectedSha256: first.sha256,
    });
    expect(chunkRecords()).toHaveLength(written);
    for (const session of ['a', 'b', 'c']) {
      expect(await store.isReferencedBy('t', first.sha256, session)).toBe(true);
    }
    const theirs = await store.put('u', bytesSource(bytes), { mediaType: 'text/plain' });
    expect(theirs.created).toBe(true);
    expect(liveChunkStreams()).toHaveLength(2);
  });

  it('erases by key destruction: after the last release the chunks, still in the log, open under no key', async () => {
    const token = Buffer.from('ErasedBlobToken-7c41');
    const bytes = Buffer.concat([Buffer.alloc(1_500, 3), token, Buffer.alloc(1_500, 4)]);
    const stored = await store.put('t', bytesSource(bytes), {
      mediaType: 'text/plain',
      sessionKey: 'a',
    });
    await store.addReference('t', stored.sha256, 'b');
    const content = storedContentOf('t', stored.sha256);
    const chunkStream = blobStreamNames.chunks(content.uploadId);
    const before = await keys.keyById(content.keyId);
    if (before.state !== 'found') throw new Error('the key of a stored blob is missing');
    const sealed = chunkRecords().filter((record) => record.streamName === chunkStream);
    const opened = sealed.map((record, index) =>
      openBlobChunk(record.data, before.key.material, blobChunkAad(chunkStream, index)),
    );
    expect(Buffer.concat(opened.map((chunk) => chunk ?? Buffer.alloc(0))).equals(bytes)).toBe(true);

    expect(await store.releaseSession('t', 'a')).toEqual([]);
    expect(await keys.keyById(content.keyId)).toMatchObject({ state: 'found' });
    expect(await store.releaseSession('t', 'b')).toEqual([stored.sha256]);

    expect(await keys.keyById(content.keyId)).toEqual({ state: 'destroyed' });
    expect(await keys.isShredded(chunkStream)).toBe(true);
    // The emulator keeps deleted streams' records, as EventStoreDB does until a scavenge.
    expect(chunkRecords().filter((record) => record.streamName === chunkStream)).toHaveLength(
      sealed.length,
    );
    expect(logHolds(token)).toBe(false);
    expect(liveChunkStreams()).toEqual([]);
    expect(await store.stat('t', stored.sha256)).toBeUndefined();
    await expect(collectBytes(store.read('t', stored.sha256))).rejects.toThrow(BlobNotFoundError);
    await expect(store.addReference('t', stored.sha256, 'c')).rejects.toThrow(BlobNotFoundError);
  });

  it('finishes an erasure a crash interrupted after BlobErased, when the session is released again', async () => {
    const bytes = Buffer.from('interrupted erasure '.repeat(100));
    const stored = await store.put('t', bytesSource(bytes), {
      mediaType: 'text/plain',
      sessionKey: 'a',
    });
    const content = storedContentOf('t', stored.sha256);
    // The erasure's first step only, as a process killed right after it leaves the stream.
    const crashing = new EventStoreDbBlobStore({
      connectionString: emulator.connectionString,
      keys: {
        currentKeyOf: (stream) => keys.currentKeyOf(stream),
        keyById: (id) => keys.keyById(id),
        isShredded: (stream) => keys.isShredded(stream),
        destroyKeysOf: () => Promise.reject(new Error('killed')),
        close: () => Promise.resolve(),
      },
      chunkSize: CONTRACT_CHUNK_SIZE,
    });
    await expect(crashing.releaseSession('t', 'a')).rejects.toThrow('killed');
    await crashing.close();
    expect(await store.stat('t', stored.sha256)).toBeUndefined();
    expect(await keys.keyById(content.keyId)).toMatchObject({ state: 'found' });

    expect(await store.releaseSession('t', 'a')).toEqual([stored.sha256]);
    expect(await keys.keyById(content.keyId)).toEqual({ state: 'destroyed' });
    expect(liveChunkStreams()).toEqual([]);
  });

  it('leaves nothing referenced of a put that never finished, and the sweep takes its chunks and key', async () => {
    async function* interrupted(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(CONTRACT_CHUNK_SIZE * 3, 5);
      // Never ends: the process "dies" here.
      await new Promise(() => undefined);
    }
    void store.put('t', interrupted(), { mediaType: 'text/plain', sessionKey: 's' });
    await waitFor(() => chunkRecords().length === 3);
    // No record, no reference: only the journal and the chunk stream were written.
    expect(recordsOf('ledger-blob-').map((record) => record.streamName)).toEqual([
      blobStreamNames.uploads,
    ]);
    expect(await store.releaseSession('t', 's')).toEqual([]);
    const chunkStream = chunkRecords()[0]?.streamName ?? '';
    // Not older than the cut-off yet: left alone.
    expect(await store.collectUnreferenced(new Date(Date.now() - 60_000))).toEqual([]);
    expect(liveChunkStreams()).toEqual([chunkStream]);
    expect(await keys.isShredded(chunkStream)).toBe(false);

    expect(await store.collectUnreferenced(new Date(Date.now() + 60_000))).toEqual([]);
    expect(liveChunkStreams()).toEqual([]);
    expect(await keys.isShredded(chunkStream)).toBe(true);
    // Settled: the journal is truncated past it, and ends with the event the read models follow.
    expect(journalEntries()).toEqual(['BlobSweepWrote']);
    // The next sweep writes nothing but the truncation: quiet once there is nothing to do.
    expect(await store.collectUnreferenced(new Date(Date.now() + 60_000))).toEqual([]);
    expect(journalEntries()).toEqual([]);
    const head = emulator.store.records.length;
    expect(await store.collectUnreferenced(new Date(Date.now() + 60_000))).toEqual([]);
    expect(emulator.store.records.length).toBe(head);
  });

  it('cuts off a put the sweep took while it was still writing: the put fails clearly and keeps nothing', async () => {
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    async function* slow(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(CONTRACT_CHUNK_SIZE * 2, 6);
      await paused;
      yield Buffer.alloc(CONTRACT_CHUNK_SIZE * 2, 7);
    }
    const putting = store.put('t', slow(), { mediaType: 'text/plain', sessionKey: 's' });
    await waitFor(() => chunkRecords().length === 2);
    expect(await store.collectUnreferenced(new Date(Date.now() + 60_000))).toEqual([]);
    resume();
    await expect(putting).rejects.toThrow(BlobUploadCutOffError);
    expect(liveChunkStreams()).toEqual([]);
    // No record: only the journal (the upload, the sweep's closing event).
    expect(new Set(recordsOf('ledger-blob-').map((record) => record.streamName))).toEqual(
      new Set([blobStreamNames.uploads]),
    );
    const bytes = Buffer.concat([Buffer.alloc(2_000, 6), Buffer.alloc(2_000, 7)]);
    expect(await store.stat('t', sha256Of(bytes))).toBeUndefined();
  });

  it('discards on the record a finished upload no record names (a put that died before its commit)', async () => {
    const bytes = Buffer.from('finished, never committed '.repeat(100));
    // The session's reference list cannot be written: the put stops between its finish mark
    // and its commit, as a process killed there would.
    emulator.store.tombstone(blobStreamNames.references('t', 's'), { kind: 'any' });
    await expect(
      store.put('t', bytesSource(bytes), { mediaType: 'text/plain', sessionKey: 's' }),
    ).rejects.toThrow();
    const [chunkStream] = liveChunkStreams();
    expect(chunkStream).toBeDefined();
    expect(await store.collectUnreferenced(new Date(Date.now() + 60_000))).toEqual([]);
    expect(liveChunkStreams()).toEqual([]);
    expect(await keys.isShredded(chunkStream ?? '')).toBe(true);
    const record = recordsOf(blobStreamNames.record('t', sha256Of(bytes)));
    expect(record.map((event) => event.eventType)).toEqual(['BlobUploadDiscarded']);
    expect(await store.stat('t', sha256Of(bytes))).toBeUndefined();
    expect(journalEntries()).toEqual(['BlobSweepWrote']);
    // The bytes put again are a blob of their own upload.
    const again = await store.put('t', bytesSource(bytes), { mediaType: 'text/plain' });
    expect(again.created).toBe(true);
    expect((await collectBytes(store.read('t', again.sha256))).equals(bytes)).toBe(true);
  });

  it('two nodes sweeping at once never break a blob a third is uploading: each put is whole, or fails with BlobUploadCutOff', async () => {
    const node = () =>
      new EventStoreDbBlobStore({
        connectionString: emulator.connectionString,
        keys,
        chunkSize: CONTRACT_CHUNK_SIZE,
      });
    const sweepers = [node(), node()];
    let uploading = true;
    // Every upload is due at once: the sweepers race each put at every step of it.
    const sweeping = sweepers.map(async (sweeper) => {
      while (uploading) await sweeper.collectUnreferenced(new Date(Date.now() + 60_000));
    });
    const outcomes: string[] = [];
    try {
      for (let seed = 0; seed < 24; seed += 1) {
        const bytes = await collectBytes(contractBytes(500 + seed * 250, seed));
        try {
          const source = seed % 2 === 0 ? slowly(bytes) : bytesSource(bytes);
          const stored = await store.put('t', source, { mediaType: 'x/y' });
          const read = await collectBytes(store.read('t', stored.sha256));
          expect(read.equals(bytes)).toBe(true);
          outcomes.push('stored');
        } catch (error) {
          expect(error).toBeInstanceOf(BlobUploadCutOffError);
          expect(await store.stat('t', sha256Of(bytes))).toBeUndefined();
          outcomes.push('cut off');
        }
      }
    } finally {
      uploading = false;
      await Promise.all(sweeping);
      await Promise.all(sweepers.map((sweeper) => sweeper.close()));
    }
    expect(outcomes).toHaveLength(24);
    // Every stored blob is still whole after the sweeps: none of them lost its key or chunks.
    for (let seed = 0; seed < 24; seed += 1) {
      const bytes = await collectBytes(contractBytes(500 + seed * 250, seed));
      if (outcomes[seed] !== 'stored') continue;
      expect((await collectBytes(store.read('t', sha256Of(bytes)))).equals(bytes)).toBe(true);
    }
  });

  it('a reference made while another node sweeps wins, or fails with BlobNotFound: never a reference to a blob gone', async () => {
    let now = new Date('2026-01-01T00:00:00.000Z');
    const uploader = new EventStoreDbBlobStore({
      connectionString: emulator.connectionString,
      keys,
      chunkSize: CONTRACT_CHUNK_SIZE,
      now: () => now,
    });
    const sweeper = new EventStoreDbBlobStore({
      connectionString: emulator.connectionString,
      keys,
      chunkSize: CONTRACT_CHUNK_SIZE,
    });
    try {
      const uploads = [];
      for (let seed = 0; seed < 16; seed += 1) {
        uploads.push(
          await uploader.put('t', contractBytes(1_500, 40 + seed), {
            mediaType: 'x/y',
            sessionKey: `s${seed}`,
            provisional: true,
          }),
        );
      }
      now = new Date('2026-01-01T01:00:00.000Z');
      // The messages arrive one by one while the sweep walks the same uploads.
      const referencing = (async () => {
        const outcomes: string[] = [];
        for (const [seed, { sha256 }] of uploads.entries()) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          try {
            await store.addReference('t', sha256, `s${seed}`);
            outcomes.push('referenced');
          } catch (error) {
            expect(error).toBeInstanceOf(BlobNotFoundError);
            outcomes.push('refused');
          }
        }
        return outcomes;
      })();
      const swept = await sweeper.collectUnreferenced(new Date('2026-01-01T00:30:00.000Z'));
      const outcomes = await referencing;
      for (const [seed, { sha256 }] of uploads.entries()) {
        if (outcomes[seed] === 'referenced') {
          expect(swept).not.toContain(sha256);
          expect(await store.isReferencedBy('t', sha256, `s${seed}`)).toBe(true);
          const bytes = await collectBytes(contractBytes(1_500, 40 + seed));
          expect((await collectBytes(store.read('t', sha256))).equals(bytes)).toBe(true);
        } else {
          expect(swept).toContain(sha256);
          expect(await store.stat('t', sha256)).toBeUndefined();
        }
      }
      // Whatever the interleaving, a later sweep takes none of the references that won.
      const referenced = uploads.filter((_, seed) => outcomes[seed] === 'referenced');
      await sweeper.collectUnreferenced(new Date('2026-01-01T02:00:00.000Z'));
      for (const { sha256 } of referenced) expect(await store.stat('t', sha256)).toBeDefined();
    } finally {
      await uploader.close();
      await sweeper.close();
    }
  });
});

/** `bytes` in pieces of 300, a little apart, as a slow client sends them. */
async function* slowly(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += 300) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    yield bytes.subarray(offset, offset + 300);
  }
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}
