import path from 'node:path';

/** Which event store the server writes to. */
export type EventStoreKind = 'sqlite' | 'eventstoredb';

/** The server's configuration, read once from the environment at start. */
export interface ServerConfig {
  /** `PORT`, default 3000 (0: any free port). */
  port: number;
  /** `HOST`, default `127.0.0.1`: the API has no authentication, so it is not exposed by default. */
  host: string;
  /** `DATA_DIR`, default `./data` (relative to the working directory); SQLite files live here. */
  dataDir: string;
  /** `EVENT_STORE`, default `sqlite` (`DATA_DIR/events.sqlite`). */
  eventStore: EventStoreKind;
  /**
   * `EVENTSTORE_CONNECTION_STRING` (`esdb://…` or `esdb+discover://…`): required when
   * `EVENT_STORE=eventstoredb` (so always set then), ignored otherwise.
   */
  eventStoreConnectionString: string | undefined;
  /** `SESSION_CACHE_SIZE`, default 1000: sessions whose decider state is kept between commands. */
  sessionCacheSize: number;
  /** `MAX_BODY_BYTES`, default 4 MiB: larger request bodies get 413 before parsing. */
  maxBodyBytes: number;
}

/** A configuration value that cannot be used; the message names the variable and what is accepted. */
export class ConfigError extends Error {
  readonly code = 'InvalidConfiguration';
}

/** Reads the configuration from environment variables, with the documented defaults. */
export function loadServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const eventStore = env['EVENT_STORE'] ?? 'sqlite';
  if (eventStore !== 'sqlite' && eventStore !== 'eventstoredb') {
    throw new ConfigError(
      `EVENT_STORE is ${JSON.stringify(eventStore)}; expected "sqlite" (the default) or "eventstoredb".`,
    );
  }
  const eventStoreConnectionString = nonEmpty(env['EVENTSTORE_CONNECTION_STRING']);
  if (eventStore === 'eventstoredb') checkConnectionString(eventStoreConnectionString);
  return {
    port: integerVariable(env, 'PORT', 3000, 0, 65535),
    host: nonEmpty(env['HOST']) ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env['DATA_DIR']) ?? 'data'),
    eventStore,
    eventStoreConnectionString,
    sessionCacheSize: integerVariable(env, 'SESSION_CACHE_SIZE', 1000, 1, 1_000_000),
    maxBodyBytes: integerVariable(env, 'MAX_BODY_BYTES', 4 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  };
}

/** The connection string's scheme; the client's own parser checks the rest when the store opens. */
function checkConnectionString(value: string | undefined): void {
  const example = 'esdb://localhost:2113?tls=false';
  if (value === undefined) {
    throw new ConfigError(
      `EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING, which is not set; expected an esdb:// connection string, e.g. ${example} (one node) or esdb://a:2113,b:2113,c:2113?tls=false (a cluster).`,
    );
  }
  // The value is not repeated: a connection string may hold a password.
  if (!/^esdb(\+discover)?:\/\//.test(value)) {
    throw new ConfigError(
      `EVENTSTORE_CONNECTION_STRING does not start with esdb:// or esdb+discover://; expected e.g. ${example}.`,
    );
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integerVariable(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(
      `${name} is ${JSON.stringify(raw)}; expected an integer from ${min} to ${max}.`,
    );
  }
  return value;
}
