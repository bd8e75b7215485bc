import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mountSmallDisk } from '../testing/mount-small-disk';
import { startServer } from '../testing/start-server';

const disk = mountSmallDisk('2m');
if ('skipped' in disk) {
  // Said in the output so that a run without root shows what it did not check.
  process.stderr.write(`full-disk test skipped: ${disk.skipped}\n`);
}

('folder' in disk ? describe : describe.skip)('a full disk', () => {
  afterAll(() => {
    if (!('folder' in disk)) return;
    execFileSync('umount', [disk.folder]);
    rmSync(disk.folder, { recursive: true, force: true });
  });

  it('answers 507 StorageFull with a retry hint, and keeps what it acknowledged', async () => {
    if (!('folder' in disk)) return;
    const server = await startServer({ DATA_DIR: disk.folder });
    try {
      const acknowledged: string[] = [];
      let refused: Response | undefined;
      for (let index = 0; index < 100 && refused === undefined; index += 1) {
        const sessionId = `full-${index}`;
        const response = await fetch(`${server.url}/v1/sessions/${sessionId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            messages: Array.from({ length: 50 }, (_, message) => ({
              id: `m${message}`,
              sessionId,
              kind: 'user_input',
              role: 'user',
              content: 'x'.repeat(2000),
            })),
          }),
        });
        if (response.status === 200) acknowledged.push(sessionId);
        else refused = response;
      }
      expect(refused?.status).toEqual(507);
      expect(refused?.headers.get('retry-after')).toEqual('30');
      expect(await refused?.json()).toEqual({
        statusCode: 507,
        code: 'StorageFull',
        message:
          'The disk holding the data is full; nothing was written. Free space (or grow the volume) and retry: every acknowledged write is kept.',
        retryAfterSeconds: 30,
      });
      expect(acknowledged.length).toBeGreaterThan(0);
      // /health still answers, and says the disk is the problem.
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toEqual(200);
      expect(await health.json()).toMatchObject({
        status: 'degraded',
        storage: { status: 'degraded', reason: expect.stringContaining('full') as unknown },
      });
      const first = await fetch(`${server.url}/v1/sessions/${acknowledged[0]}/events`);
      expect(first.status).toEqual(200);
    } finally {
      await server.stop();
    }
  });
});
