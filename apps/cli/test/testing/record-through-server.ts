import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getJson, postJson } from '../../../server/test/testing/http-client';
import { startServer } from '../../../server/test/testing/start-server';

/** Posts a command body to `/v1/sessions/<route>`; resolves to the command's `position`. */
export type PostCommand = (route: string, body: unknown) => Promise<number>;

/**
 * Fills a fresh `DATA_DIR` through the server's command path: starts the real server on it,
 * runs `record` (which posts commands), waits until the read models have processed the last
 * write (read-your-writes through `GET /v1/sessions?minPosition=`), and stops the server, so
 * that the CLI then reads exactly what the server wrote. Resolves to the `DATA_DIR`. `env`: more
 * of the server's environment (`CONTENT_ENCRYPTION=on`, …).
 */
export async function recordThroughServer(
  record: (post: PostCommand) => Promise<void>,
  dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-cli-')),
  env: Record<string, string> = {},
): Promise<string> {
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  try {
    let lastPosition = 0;
    await record(async (route, body) => {
      const response = await postJson(`${server.url}/v1/sessions/${route}`, body);
      const position = (response.body as { position?: unknown }).position;
      if (response.status !== 200 || typeof position !== 'number') {
        throw new Error(`POST ${route} answered ${JSON.stringify(response)}`);
      }
      lastPosition = Math.max(lastPosition, position);
      return position;
    });
    const caughtUp = await getJson(`${server.url}/v1/sessions?minPosition=${lastPosition}`);
    if (caughtUp.status !== 200) {
      throw new Error(`The read models did not catch up: ${JSON.stringify(caughtUp)}`);
    }
  } finally {
    await server.stop();
  }
  return dataDir;
}
