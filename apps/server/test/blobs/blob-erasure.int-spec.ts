import { filesHolding } from '../lifecycle/erasure-testing';
import { startServer, type RunningServer } from '../testing/start-server';
import { download, upload, withToken } from './deterministic-bytes';

const MiB = 1024 * 1024;

describe('erasure covers blobs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
    // A start takes seconds, many more on a machine busy with other test runs.
  }, 180_000);
  afterAll(() => server.stop(), 60_000);

  const post = async (sessionId: string, subjectId: string): Promise<void> => {
    const response = await fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subjectId,
        messages: [
          { id: 'm1', sessionId, kind: 'user_input', role: 'user', content: 'see the file' },
        ],
      }),
    });
    expect(response.status).toBe(200);
  };

  it.each([
    ['in the first chunk', 10],
    ['at the end of the first chunk', 512 * 1024 - 100],
    ['in a later chunk', 1300 * 1024],
  ])(
    "deletes a session's own blobs from every file (token %s), and keeps what others refer to",
    async (_where, offset) => {
      const suffix = String(offset);
      const erasedToken = `ErasedBlobToken${suffix}q`;
      const keptToken = `KeptBlobToken${suffix}q`;
      const sharedToken = `SharedBlobToken${suffix}q`;
      const [erased, kept] = [`erased-${suffix}`, `kept-${suffix}`];
      await post(erased, `subject-a-${suffix}`);
      await post(kept, `subject-b-${suffix}`);
      const blobs = (sessionId: string) => `${server.url}/v1/sessions/${sessionId}/blobs`;
      const own = await upload(
        blobs(erased),
        withToken(`own-${suffix}`, 2 * MiB, erasedToken, offset),
        { 'content-type': 'text/plain' },
      );
      const other = await upload(
        blobs(kept),
        withToken(`other-${suffix}`, 2 * MiB, keptToken, offset),
        { 'content-type': 'text/plain' },
      );
      const shared = withToken(`shared-${suffix}`, 2 * MiB, sharedToken, offset);
      const sharedRef = await upload(blobs(erased), shared, { 'content-type': 'text/plain' });
      const sharedAgain = await upload(
        blobs(kept),
        withToken(`shared-${suffix}`, 2 * MiB, sharedToken, offset),
        { 'content-type': 'text/plain' },
      );
      expect([own.status, other.status, sharedRef.status, sharedAgain.status]).toEqual([
        201, 201, 201, 200,
      ]);
      expect(filesHolding(server.dataDir, erasedToken)).not.toEqual([]);

      const erasure = await fetch(`${server.url}/v1/sessions/${erased}`, { method: 'DELETE' });
      expect(erasure.status).toBe(200);
      const receipt = (await erasure.json()) as { blobsDeleted?: number; status: string };
      expect(receipt).toMatchObject({ status: 'completed', blobsDeleted: 1 });

      expect(filesHolding(server.dataDir, erasedToken)).toEqual([]);
      expect(filesHolding(server.dataDir, keptToken)).not.toEqual([]);
      expect(filesHolding(server.dataDir, sharedToken)).not.toEqual([]);
      const ownSha = String(own.body['sha256']);
      expect((await fetch(`${blobs(erased)}/${ownSha}`)).status).toBe(404);
      // Uploaded by no one else, the erased blob is not in the tenant any more.
      expect((await fetch(`${blobs(kept)}/${ownSha}`)).status).toBe(404);
      const sharedSha = String(sharedRef.body['sha256']);
      expect((await download(`${blobs(kept)}/${sharedSha}`)).sha256).toBe(sharedSha);
      const otherSha = String(other.body['sha256']);
      expect((await download(`${blobs(kept)}/${otherSha}`)).sha256).toBe(otherSha);
    },
    120_000,
  );
});

describe('an upload killed with SIGKILL', () => {
  it('leaves no half blob after a restart, and a retry succeeds', async () => {
    let server = await startServer();
    const dataDir = server.dataDir;
    const size = 64 * MiB;
    const token = 'HalfBlobToken8e2';
    const url = `${server.url}/v1/sessions/crash/blobs`;
    let sent = 0;
    const killed = new Promise<void>((resolve) => {
      const bytes = withToken('crash', size, token, 100);
      async function* counting(): AsyncGenerator<Uint8Array> {
        for await (const piece of bytes) {
          sent += piece.byteLength;
          // A quarter through: the server has staged chunks, and the blob is far from whole.
          if (sent > size / 4 && sent - piece.byteLength <= size / 4) {
            process.kill(server.pid, 'SIGKILL');
            resolve();
          }
          yield piece;
        }
      }
      upload(url, counting()).catch(() => undefined);
    });
    await killed;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The killed server had staged the upload's first chunks.
    expect(filesHolding(dataDir, token)).not.toEqual([]);

    server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(filesHolding(dataDir, token)).toEqual([]);
      const retry = await upload(
        `${server.url}/v1/sessions/crash/blobs`,
        withToken('crash', size, token, 100),
        { 'content-type': 'application/octet-stream' },
      );
      expect(retry.status).toBe(201);
      expect(retry.body['size']).toBe(size);
      const sha256 = String(retry.body['sha256']);
      expect((await download(`${server.url}/v1/sessions/crash/blobs/${sha256}`)).sha256).toBe(
        sha256,
      );
    } finally {
      await server.stop();
    }
  }, 300_000);
});
