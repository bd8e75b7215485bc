import 'reflect-metadata';
import { loadServerConfig, sqliteEventStorePath, type ServerConfig } from '@agent-ledger/config';
import { createApp } from './create-app';
import { DOCS_PATH } from './docs/setup-docs';

/** Starts the HTTP server with the configuration from the environment and prints where it is. */
async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host, backlog: config.http.listenBacklog });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${displayHost(config.host)}:${port}`;
  process.stdout.write(
    `Agent Ledger listening on ${url} (event store: ${describeStore(config)})\nAPI docs: ${url}${DOCS_PATH}\n`,
  );
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function describeStore(config: ServerConfig): string {
  const store =
    config.eventStore === 'sqlite' ? `sqlite, ${sqliteEventStorePath(config)}` : config.eventStore;
  // Said only when on: the embedded store's default (off) keeps its line as it was.
  return config.contentEncryption.enabled
    ? `${store}; content encryption on, keys in ${config.contentEncryption.keysPath}`
    : store;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Agent Ledger could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
