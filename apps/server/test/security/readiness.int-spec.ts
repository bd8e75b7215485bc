import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getJson, postJson } from '../testing/http-client';
import { mountSmallDisk } from '../testing/mount-small-disk';
import { startServer, type RunningServer } from '../testing/start-server';

const turn = (sessionId: string, count: number) => ({
  messages: Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    sessionId,
    kind: 'user_input',
    role: 'user',
    content: `hello ${index}`,
  })),
});

/** Records `count` messages in `sessionId` and waits until the read models have them. */
async function record(server: RunningServer, sessionId: string, count: number): Promise<number> {
  const answer = await postJson(
    `${server.url}/v1/sessions/${sessionId}/messages`,
    turn(sessionId, count),
  );
  expect(answer.status).toEqual(200);
  const position = (answer.body as { position: number }).position;
  expect((await getJson(`${server.url}/v1/sessions?minPosition=${position}`)).status).toEqual(200);
  return position;
}

describe('GET /health/live and /health/ready', () => {
  it('are 200 without a key on a server whose read models have caught up', async () => {
    const server = await startServer();
    try {
      const position = await record(server, 'r1', 3);
      expect(await getJson(`${server.url}/health/live`)).toEqual({
        status: 200,
        body: { status: 'live' },
      });
      expect(await getJson(`${server.url}/health/ready`)).toEqual({
        status: 200,
        body: {
          status: 'ready',
          writable: true,
          store: { kind: 'sqlite', headPosition: position },
          readModels: { position, behind: 0, maxLag: 1000 },
        },
      });
    } finally {
      await server.stop();
    }
  }, 60_000);
});

const disk = mountSmallDisk('4m');
if ('skipped' in disk) process.stderr.write(`full-disk readiness test skipped: ${disk.skipped}\n`);

('folder' in disk ? describe : describe.skip)('a server started on a full disk', () => {
  afterAll(() => {
    if (!('folder' in disk)) return;
    execFileSync('umount', [disk.folder]);
    rmSync(disk.folder, { recursive: true, force: true });
  });

  it('starts read-only: live, ready for reads unless the read models lag, writes 507; writable again after a restart with room', async () => {
    if (!('folder' in disk)) return;
    const dataDir = disk.folder;
    const readModels = path.join(dataDir, 'read-models.sqlite');
    const saved = path.join(tmpdir(), `agent-ledger-ready-${process.pid}.sqlite`);
    // The read models at the first session, then a log that went on without them.
    let server = await startServer({ DATA_DIR: dataDir });
    const first = await record(server, 'early', 1);
    await server.stop();
    copyFileSync(readModels, saved);
    server = await startServer({ DATA_DIR: dataDir });
    const head = await record(server, 'late', 30);
    await server.stop();
    copyFileSync(saved, readModels);
    rmSync(saved);
    // Every byte left taken.
    const filler = path.join(dataDir, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toEqual('ENOSPC');
    }

    server = await startServer({ DATA_DIR: dataDir, READY_MAX_LAG: '5' });
    try {
      expect(server.output()).toContain('the server started read-only');
      expect(await getJson(`${server.url}/health/live`)).toEqual({
        status: 200,
        body: { status: 'live' },
      });
      const health = await getJson(`${server.url}/health`);
      expect(health).toMatchObject({
        status: 200,
        body: {
          status: 'degraded',
          storage: { status: 'degraded', readOnly: true },
          readModels: { position: first, behind: head - first },
        },
      });
      expect(await getJson(`${server.url}/health/ready`)).toEqual({
        status: 503,
        body: {
          statusCode: 503,
          code: 'ReadModelsBehind',
          message: `The read models are ${head - first} positions behind the log (READY_MAX_LAG is 5): queries would miss recent sessions and messages.`,
          status: 'not-ready',
          writable: false,
          store: { kind: 'sqlite', headPosition: head },
          readModels: { position: first, behind: head - first, maxLag: 5 },
        },
      });
      // Reads are served: the read models as they are, the log whole.
      expect((await getJson(`${server.url}/v1/sessions/early/transcript`)).status).toEqual(200);
      const events = await getJson(`${server.url}/v1/sessions/late/events`);
      expect(events.status).toEqual(200);
      expect((events.body as { events: unknown[] }).events).toHaveLength(31);
      const write = await postJson(`${server.url}/v1/sessions/new/messages`, turn('new', 1));
      expect(write).toEqual({
        status: 507,
        body: {
          statusCode: 507,
          code: 'StorageReadOnly',
          message:
            'The server started read-only because the disk holding the data was full; nothing was written. Reads are served. Free space under DATA_DIR, then restart the server to take writes again; every acknowledged write is kept.',
        },
      });
    } finally {
      await server.stop();
    }

    // With room again, a restart takes writes and catches the read models up.
    rmSync(filler, { force: true });
    server = await startServer({ DATA_DIR: dataDir, READY_MAX_LAG: '5' });
    try {
      expect(
        (await getJson(`${server.url}/v1/sessions/late/transcript?minPosition=${head}`)).status,
      ).toEqual(200);
      expect(await getJson(`${server.url}/health/ready`)).toMatchObject({
        status: 200,
        body: { status: 'ready', writable: true, readModels: { behind: 0 } },
      });
      expect(
        (await postJson(`${server.url}/v1/sessions/new/messages`, turn('new', 1))).status,
      ).toEqual(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
