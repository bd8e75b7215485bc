import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { filesHolding } from '../lifecycle/erasure-testing';
import { startServer, type RunningServer } from '../testing/start-server';
import {
  deterministicBytes,
  download,
  sha256OfStream,
  upload,
  withToken,
} from './deterministic-bytes';

const MiB = 1024 * 1024;

/** Bytes of every file under `folder`. */
function bytesOnDisk(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    const stat = statSync(file);
    total += stat.isDirectory() ? bytesOnDisk(file) : stat.size;
  }
  return total;
}

/** The peak resident memory of a process, in bytes (`VmHWM`). */
function peakMemoryOf(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 'NaN') * 1024;
}

describe('blobs over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The default REQUEST_TIMEOUT_MS (30 s): an upload is bounded by inactivity, not by its length.
    server = await startServer();
    // A start takes seconds, many more on a machine busy with other test runs.
  }, 180_000);
  afterAll(() => server.stop(), 60_000);

  const blobs = (sessionId: string) => `${server.url}/v1/sessions/${sessionId}/blobs`;

  it.each([
    ['64 MB', 64 * 1000 * 1000],
    ['1 GiB', 1024 * MiB],
  ])(
    'stores a %s upload, streamed, and reads it back byte-equal whole and by range',
    async (_name, size) => {
      const seed = `blob-${size}`;
      // Hashed as it is sent: the bytes are generated once for the upload.
      const sent = createHash('sha256');
      const put = await upload(
        blobs('big'),
        deterministicBytes(seed, 0, size, (piece) => sent.update(piece)),
        { 'content-type': 'application/octet-stream' },
      );
      const expected = sent.digest('hex');
      expect(put).toEqual({
        status: 201,
        body: { sha256: expected, size, mediaType: 'application/octet-stream', preview: '' },
      });

      const whole = await download(`${blobs('big')}/${expected}`);
      expect(whole.status).toBe(200);
      expect(whole.sha256).toBe(expected);
      expect(whole.headers.get('content-length')).toBe(String(size));
      expect(whole.headers.get('etag')).toBe(`"${expected}"`);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');

      const chunk = 512 * 1024;
      for (const [start, end] of [
        [0, 0],
        [chunk - 3, chunk + 2],
        [Math.floor(size / 3), Math.floor(size / 3) + 5 * MiB + 17],
        [size - 1000, size - 1],
      ] as const) {
        const part = await download(`${blobs('big')}/${expected}`, {
          range: `bytes=${start}-${end}`,
        });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.sha256).toBe(await sha256OfStream(deterministicBytes(seed, start, end + 1)));
      }
      const suffix = await download(`${blobs('big')}/${expected}`, { range: 'bytes=-10' });
      expect(suffix.sha256).toBe(await sha256OfStream(deterministicBytes(seed, size - 10, size)));
      const outside = await fetch(`${blobs('big')}/${expected}`, {
        headers: { range: `bytes=${size}-` },
      });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(((await outside.json()) as { code: string }).code).toBe('RangeNotSatisfiable');

      // Never whole in memory: the server's peak stays far below the blob's size.
      expect(peakMemoryOf(server.pid)).toBeLessThan(600 * MiB);
    },
    600_000,
  );

  it('keeps a 5 MB blob ten sessions upload once: the data directory grows far less than 50 MB', async () => {
    const size = 5 * 1000 * 1000;
    const before = bytesOnDisk(server.dataDir);
    const answers = [];
    for (let session = 0; session < 10; session += 1) {
      answers.push(
        await upload(blobs(`shared-${session}`), deterministicBytes('five', 0, size), {
          'content-type': 'text/plain',
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      201, 200, 200, 200, 200, 200, 200, 200, 200, 200,
    ]);
    const grown = bytesOnDisk(server.dataDir) - before;
    // Once stored (5 MB), plus the pages a duplicate's staged bytes used and freed (reused by the next).
    expect(grown).toBeLessThan(15 * 1000 * 1000);
    const sha256 = String(answers[0]?.body['sha256']);
    for (let session = 0; session < 10; session += 1) {
      expect((await download(`${blobs(`shared-${session}`)}/${sha256}`)).sha256).toBe(sha256);
    }
  });

  it('serves a blob only to the sessions that refer to it, and answers errors by code', async () => {
    const put = await upload(blobs('owner'), deterministicBytes('owned', 0, 1000), {
      'content-type': 'text/plain; charset=utf-8',
    });
    const sha256 = String(put.body['sha256']);
    const stranger = await fetch(`${blobs('stranger')}/${sha256}`);
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { code: string }).code).toBe('BlobNotFound');
    const mismatch = await upload(blobs('owner'), deterministicBytes('other', 0, 1000), {
      'x-content-sha256': sha256,
    });
    expect([mismatch.status, mismatch.body['code']]).toEqual([422, 'BlobDigestMismatch']);
    const text = await fetch(blobs('owner'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"big": "json, kept as bytes"}',
    });
    expect(text.status).toBe(201);
    const ref = (await text.json()) as { sha256: string; preview: string; mediaType: string };
    expect(ref).toMatchObject({
      mediaType: 'application/json',
      preview: '{"big": "json, kept as bytes"}',
    });
    const back = await fetch(`${blobs('owner')}/${ref.sha256}`);
    expect(back.headers.get('content-type')).toBe('application/json');
    expect(await back.text()).toBe('{"big": "json, kept as bytes"}');
  });
});

describe('blob limits', () => {
  it('refuses a blob over MAX_BLOB_BYTES with 413, keeping nothing of it', async () => {
    const server = await startServer({ MAX_BLOB_BYTES: String(2 * MiB) });
    try {
      const answer = await upload(
        `${server.url}/v1/sessions/s/blobs`,
        withToken('over', 3 * MiB, 'OverLimitToken4f1', 10),
      ).catch(() => 'closed' as const);
      // The server answers 413 as soon as the bytes pass the limit (the client may see the
      // connection close before it reads the answer).
      const refused =
        answer === 'closed' || [answer.status, answer.body['code']].join() === '413,BlobTooLarge';
      expect(refused).toBe(true);
      const announced = await fetch(`${server.url}/v1/sessions/s/blobs`, {
        method: 'PUT',
        headers: { 'content-length': String(3 * MiB) },
        body: Buffer.alloc(3 * MiB),
      });
      expect(announced.status).toBe(413);
      expect(filesHolding(server.dataDir, 'OverLimitToken4f1')).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
