import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { startServer, type RunningServer } from '../testing/start-server';
import {
  deterministicBytes,
  download,
  sha256OfStream,
  upload,
  withToken,
} from './deterministic-bytes';

const MiB = 1024 * 1024;

describe('blobs over HTTP on EventStoreDB (the emulator)', () => {
  let emulator: EsdbEmulator;
  let keysDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    emulator = await startEsdbEmulator();
    keysDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    server = await startServer({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: emulator.connectionString,
      CONTENT_KEYS_PATH: path.join(keysDir, 'content-keys.sqlite'),
    });
    // A start takes seconds, many more on a machine busy with other test runs.
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    await emulator.close();
    rmSync(keysDir, { recursive: true, force: true });
  }, 60_000);

  const blobs = (sessionId: string) => `${server.url}/v1/sessions/${sessionId}/blobs`;
  /** Whether any event the emulator ever stored (deleted streams' included) holds `text`. */
  const logHolds = (text: string) =>
    emulator.store.records.some((record) => Buffer.from(record.data).includes(text));
  /** The upload whose chunks a stored blob's record names. */
  const uploadIdOf = (sha256: string): string => {
    const stored = emulator.store.records.find(
      (r) => r.eventType === 'BlobStored' && r.streamName.endsWith(`/${sha256}`),
    );
    const data: unknown = JSON.parse(Buffer.from(stored?.data ?? []).toString('utf8') || 'null');
    if (typeof data !== 'object' || data === null || !('uploadId' in data)) {
      throw new Error(`no BlobStored event for ${sha256}`);
    }
    return String(data.uploadId);
  };
  const post = async (sessionId: string, subjectId: string): Promise<void> => {
    const response = await fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subjectId,
        messages: [{ id: 'm1', sessionId, kind: 'user_input', role: 'user', content: 'a file' }],
      }),
    });
    expect(response.status).toBe(200);
  };

  it('stores a blob in the log, sealed, serves it whole and by range, and erasure shreds it', async () => {
    const size = 3 * MiB + 123;
    const token = 'EsdbBlobToken-52e8q';
    const offset = 512 * 1024 - 7;
    await post('esdb-own', 'subject-own');
    await post('esdb-other', 'subject-other');
    const put = await upload(blobs('esdb-own'), withToken('esdb', size, token, offset), {
      'content-type': 'text/plain',
    });
    const expected = await sha256OfStream(withToken('esdb', size, token, offset));
    expect(put).toMatchObject({ status: 201, body: { sha256: expected, size } });
    // In the log, but never in plain text.
    expect(emulator.store.records.some((r) => r.streamName.startsWith('ledger-blob-'))).toBe(true);
    expect(logHolds(token)).toBe(false);
    // The upload moved the head of the log: the read models follow the blob store's record
    // streams, so the node is ready again without waiting for a session event.
    let ready = await fetch(`${server.url}/health/ready`);
    for (let attempt = 0; ready.status !== 200 && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await fetch(`${server.url}/health/ready`);
    }
    expect(ready.status).toBe(200);

    const whole = await download(`${blobs('esdb-own')}/${expected}`);
    expect([whole.status, whole.sha256]).toEqual([200, expected]);
    expect(whole.headers.get('content-type')).toBe('text/plain');
    const [start, end] = [offset - 100, offset + 2 * MiB];
    const part = await download(`${blobs('esdb-own')}/${expected}`, {
      range: `bytes=${start}-${end}`,
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    const slice = async function* () {
      let at = 0;
      for await (const piece of withToken('esdb', size, token, offset)) {
        const from = Math.max(start - at, 0);
        const to = Math.min(end + 1 - at, piece.length);
        if (from < to) yield piece.subarray(from, to);
        at += piece.length;
      }
    };
    expect(part.sha256).toBe(await sha256OfStream(slice()));
    const outside = await fetch(`${blobs('esdb-own')}/${expected}`, {
      headers: { range: `bytes=${size}-` },
    });
    expect(outside.status).toBe(416);

    // The same bytes from another session of the tenant: not stored again.
    const again = await upload(blobs('esdb-other'), deterministicBytes('unrelated', 0, 10), {});
    expect(again.status).toBe(201);
    const shared = await upload(blobs('esdb-other'), withToken('esdb', size, token, offset), {
      'content-type': 'text/plain',
    });
    expect([shared.status, shared.body['sha256']]).toEqual([200, expected]);

    // Erased from one session: the other still reads it.
    const first = await fetch(`${server.url}/v1/sessions/esdb-own`, { method: 'DELETE' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'completed', blobsDeleted: 0 });
    expect((await download(`${blobs('esdb-other')}/${expected}`)).sha256).toBe(expected);
    // Erased from the last: gone, and its chunks (still in the log until a scavenge) unreadable.
    const last = await fetch(`${server.url}/v1/sessions/esdb-other`, { method: 'DELETE' });
    expect(await last.json()).toMatchObject({ status: 'completed', blobsDeleted: 2 });
    const keys = new SqliteContentKeyStore({ path: path.join(keysDir, 'content-keys.sqlite') });
    try {
      expect(await keys.isShredded(`ledger-blobchunks-${uploadIdOf(expected)}`)).toBe(true);
    } finally {
      await keys.close();
    }
    expect(logHolds(token)).toBe(false);
    // Not in the tenant any more: the same bytes are stored anew.
    await post('esdb-third', 'subject-third');
    const anew = await upload(blobs('esdb-third'), withToken('esdb', size, token, offset), {
      'content-type': 'text/plain',
    });
    expect([anew.status, anew.body['sha256']]).toEqual([201, expected]);
  }, 300_000);
});
