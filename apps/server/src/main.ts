import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadServerConfig, sqliteEventStorePath, type ServerConfig } from '@agent-ledger/config';
import { createApp, VERSION } from './create-app';
import { DOCS_PATH } from './docs/setup-docs';
import { inspectorDirectory } from './inspector/inspector.module';
import { startObservability, type Observability } from './observability/observability';
import { METRICS_PATH } from './observability/observability.module';
import { readObservabilitySettings } from './observability/observability-settings';

/**
 * Starts the HTTP server with the configuration from the environment and says where it is: its
 * URL and store, the inspector, the API docs and the metrics, whatever `LOG_LEVEL` (as text
 * lines, or one JSON record with `LOG_FORMAT=json`). Framework chatter is at `debug`.
 */
async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const observability = await startObservability(readObservabilitySettings(process.env), VERSION);
  const app = await createApp(config, { observability });
  await app.listen({ port: config.port, host: config.host, backlog: config.http.listenBacklog });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  announce(observability, config, `http://${displayHost(config.host)}:${port}`);
}

function announce(observability: Observability, config: ServerConfig, url: string): void {
  const listening = `Agent Ledger listening on ${url} (event store: ${describeStore(config)})`;
  const inspectorBuilt = existsSync(path.join(inspectorDirectory(process.env), 'index.html'));
  const inspector = inspectorBuilt ? `${url}/` : `${url}/ (not built: npm run inspector:build)`;
  const docs = `${url}${DOCS_PATH}`;
  const metrics = `${url}${METRICS_PATH}`;
  if (observability.settings.log.format === 'json') {
    // A record of its own, written whatever the level: collectors parse every line.
    process.stdout.write(
      `${JSON.stringify({ level: 'info', time: new Date().toISOString(), context: 'AgentLedger', msg: listening, url, inspector, docs, metrics })}\n`,
    );
    return;
  }
  process.stdout.write(
    `${listening}\nInspector: ${inspector}\nAPI docs: ${docs}\nMetrics: ${metrics}\n`,
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
