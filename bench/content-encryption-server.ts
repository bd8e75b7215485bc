/**
 * The server of `bench/content-encryption.bench.ts`'s HTTP rows, in its own process so that the
 * load generator does not share its event loop: the whole application (`createApp`, the
 * configuration's defaults, its projection runner live) on the embedded store, with
 * `CONTENT_ENCRYPTION` as asked. Prints `listening <port>` once it accepts requests.
 */
import 'reflect-metadata';
import { loadServerConfig } from '@agent-ledger/config';
import { createApp } from '../apps/server/src/create-app';

async function main(): Promise<void> {
  const [encryption, dataDir] = process.argv.slice(2);
  if ((encryption !== 'on' && encryption !== 'off') || dataDir === undefined) {
    throw new Error('usage: content-encryption-server.ts on|off <data dir>');
  }
  const config = loadServerConfig({ DATA_DIR: dataDir, PORT: '0', CONTENT_ENCRYPTION: encryption });
  const app = await createApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`listening ${port}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
