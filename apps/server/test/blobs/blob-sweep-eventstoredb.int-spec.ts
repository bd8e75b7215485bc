import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { startServer, type RunningServer } from '../testing/start-server';
import { download, sha256OfStream, upload, withToken } from './deterministic-bytes';
import { turnReferring } from './turn-referring';

const MiB = 1024 * 1024;

describe('the sweep of blob uploads on EventStoreDB (the emulator)', () => {
  let emulator: EsdbEmulator;
  let keysDir: string;
  let keysPath: string;
  beforeEach(async () => {
    emulator = await startEsdbEmulator();
    keysDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    keysPath = path.join(keysDir, 'content-keys.sqlite');
  });
  afterEach(async () => {
    await emulator.close();
    rmSync(keysDir, { recursive: true, force: true });
  });

  /** A node on the emulator, with a short time to live: the sweep runs every `ttl / 2` ms. */
  const startNode = (ttl = 2000) =>
    startServer({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: emulator.connectionString,
      CONTENT_KEYS_PATH: keysPath,
      BLOB_UNREFERENCED_TTL_MS: String(ttl),
    });
  const streamsStartingWith = (prefix: string) => [
    ...new Set(
      emulator.store.records
        .filter((record) => record.streamName.startsWith(prefix))
        .map((record) => record.streamName),
    ),
  ];
  const tombstoned = (streamName: string) =>
    emulator.store.readStream(streamName).kind === 'deleted';
  const isShredded = async (streamName: string): Promise<boolean> => {
    const keys = new SqliteContentKeyStore({ path: keysPath });
    try {
      return await keys.isShredded(streamName);
    } finally {
      await keys.close();
    }
  };
  /** Polls until `condition` holds: the sweep runs on its own schedule (the test's timeout catches a hang). */
  const eventually = async (condition: () => Promise<boolean> | boolean): Promise<void> => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it('an upload killed with SIGKILL leaves no referenced half blob; the next node sweeps its chunks and key, and a retry succeeds', async () => {
    // Five seconds: long enough for the retry's message to come on a loaded machine.
    let server: RunningServer = await startNode(5000);
    const size = 16 * MiB;
    const token = 'EsdbHalfBlobToken4c1';
    const chunks = () =>
      emulator.store.records.filter((record) => record.eventType === 'BlobChunk').length;
    upload(
      `${server.url}/v1/sessions/crash/blobs`,
      withToken('esdb-crash', size, token, 100),
    ).catch(() => undefined);
    // Killed once the node has written a few chunks: the blob is far from whole.
    await eventually(() => chunks() >= 3);
    process.kill(server.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [chunkStream, ...others] = streamsStartingWith('ledger-blobchunks-');
    expect(others).toEqual([]);
    expect(chunkStream).toBeDefined();
    // Chunks were written, but nothing names them: no record, no reference of the session.
    expect(streamsStartingWith('ledger-blob-')).toEqual(['ledger-blob-uploads']);
    expect(tombstoned(chunkStream ?? '')).toBe(false);

    server = await startNode(5000);
    try {
      await eventually(() => tombstoned(chunkStream ?? ''));
      expect(await isShredded(chunkStream ?? '')).toBe(true);
      // The sweep ends with an event the read models follow: the node is ready, not behind.
      await eventually(async () => (await fetch(`${server.url}/health/ready`)).status === 200);
      const expected = await sha256OfStream(withToken('esdb-crash', size, token, 100));
      const retry = await upload(
        `${server.url}/v1/sessions/crash/blobs`,
        withToken('esdb-crash', size, token, 100),
        { 'content-type': 'application/octet-stream' },
      );
      expect(retry).toMatchObject({ status: 201, body: { sha256: expected, size } });
      // Referred to by a message before the time to live: the sweep leaves it.
      const appended = await fetch(`${server.url}/v1/sessions/crash/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(turnReferring('crash', expected)),
      });
      expect(appended.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect((await download(`${server.url}/v1/sessions/crash/blobs/${expected}`)).sha256).toBe(
        expected,
      );
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('deletes an upload no message refers to after BLOB_UNREFERENCED_TTL_MS, and keeps the referenced one', async () => {
    const server = await startNode();
    try {
      const blobs = `${server.url}/v1/sessions/sweep/blobs`;
      const put = async (text: string): Promise<string> => {
        const response = await fetch(blobs, {
          method: 'PUT',
          headers: { 'content-type': 'text/plain' },
          body: text,
        });
        expect(response.status).toBe(201);
        return String(((await response.json()) as { sha256: unknown }).sha256);
      };
      const forgotten = await put('EsdbForgottenUploadToken '.repeat(2000));
      const used = await put('EsdbReferencedUploadToken '.repeat(2000));
      const appended = await fetch(`${server.url}/v1/sessions/sweep/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(turnReferring('sweep', used)),
      });
      expect(appended.status).toBe(200);
      await eventually(async () => (await fetch(`${blobs}/${forgotten}`)).status === 404);
      const [forgottenChunks] = streamsStartingWith('ledger-blobchunks-');
      expect(await isShredded(forgottenChunks ?? '')).toBe(true);
      // Two more sweeps: the referenced upload stays.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const kept = await fetch(`${blobs}/${used}`);
      expect([kept.status, (await kept.text()).slice(0, 25)]).toEqual([
        200,
        'EsdbReferencedUploadToken',
      ]);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
