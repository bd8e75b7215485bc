import path from 'node:path';
import { parseMasterKey } from '@agent-ledger/content-crypto';
import { isLoopbackHost } from './is-loopback-host';

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
  /**
   * `MAX_APPEND_BODY_BYTES`, default 64 MiB: the body limit of `POST /v1/sessions/:id/messages`,
   * whose tool outputs above `blobThresholdBytes` become blobs before anything is appended.
   */
  maxAppendBodyBytes: number;
  /**
   * `BLOB_THRESHOLD_BYTES`, default 32 KiB: a text or JSON tool output of an append larger than
   * this (in UTF-8 bytes) is stored as a blob, and the event holds its reference.
   */
  blobThresholdBytes: number;
  /**
   * `MAX_BLOB_BYTES`, default 4 GiB: the largest blob `PUT /v1/sessions/:sessionId/blobs` takes
   * (streamed to the blob store, never whole in memory); a larger one is a 413.
   */
  maxBlobBytes: number;
  /**
   * `BLOB_UNREFERENCED_TTL_MS`, default 24 hours: how long an uploaded blob waits for a message to
   * refer to it; past it, a periodic sweep drops the upload's reference and deletes the blob
   * unless another session refers to it.
   */
  blobUnreferencedTtlMs: number;
  /** The HTTP hardening settings (`docs/security.md`). */
  http: HttpHardeningConfig;
  /** Content encryption at rest and its key store (`docs/security.md`). */
  contentEncryption: ContentEncryptionConfig;
}

/** How message content is sealed in the log, and where its keys are. */
export interface ContentEncryptionConfig {
  /**
   * `CONTENT_ENCRYPTION` (`on` | `off`): seal session content on append. Default `on` with
   * EventStoreDB (whose deleted bytes stay until a scavenge, and in archives: only destroying the
   * key erases them), `off` on the embedded store (an erasure deletes its rows). Sealed events
   * already in the log are opened either way, while the key store is there.
   */
  enabled: boolean;
  /** `CONTENT_KEYS_PATH`, default `DATA_DIR/content-keys.sqlite`: the embedded key store. */
  keysPath: string;
  /**
   * `CONTENT_MASTER_KEY`: 32 bytes in base64; when set, data keys are stored wrapped by it (the
   * key file alone then opens nothing). Default: none.
   */
  masterKey: Buffer | undefined;
}

/** Limits, timeouts and checks of the HTTP edge; each is an environment variable with a default. */
export interface HttpHardeningConfig {
  /**
   * `ALLOWED_HOSTS`, comma-separated host names a request's `Host` header may name (any port of
   * the server's own). Default: `localhost`, `127.0.0.1`, `::1` and `HOST` itself (plus the
   * machine's name and addresses when bound to all interfaces). `*` turns the check off.
   */
  allowedHosts: readonly string[] | '*';
  /**
   * `ALLOWED_ORIGINS`, comma-separated origins (`https://app.example.com`) whose browser pages may
   * call the API; CORS answers for them. Default none: a request with any other `Origin` than the
   * server's own is refused with 403.
   */
  allowedOrigins: readonly string[];
  /** `CONNECTION_TIMEOUT_MS`, default 60000: a socket with no traffic for this long is closed. */
  connectionTimeoutMs: number;
  /** `HEADERS_TIMEOUT_MS`, default 10000: the time a client has to send its request headers. */
  headersTimeoutMs: number;
  /** `REQUEST_TIMEOUT_MS`, default 30000: the time a client has to send a whole request (headers and body). */
  requestTimeoutMs: number;
  /** `KEEP_ALIVE_TIMEOUT_MS`, default 5000: an idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** `MAX_CONNECTIONS`, default 1024: connections past this are refused at once. */
  maxConnections: number;
  /** `MAX_MESSAGES_PER_APPEND`, default 1000: a longer `messages` array is a 413 before validation. */
  maxMessagesPerAppend: number;
  /** `MAX_JSON_DEPTH`, default 64: a body nested deeper is a 400. */
  maxJsonDepth: number;
  /**
   * `RATE_LIMIT_MAX`: requests one API key (one client address, without a key) may make per
   * window; 0 is off. Default `DEFAULT_RATE_LIMIT_MAX` when `HOST` is beyond loopback, 0 on it.
   */
  rateLimitMax: number;
  /** `RATE_LIMIT_WINDOW_MS`, default 60000: the rate limit's window. */
  rateLimitWindowMs: number;
  /**
   * `MAX_CONNECTIONS_PER_CLIENT`, default 128: open connections one client (an IPv4 address, an
   * IPv6 /64) may hold; a socket past it is closed at once, so one client cannot fill
   * `MAX_CONNECTIONS`.
   */
  maxConnectionsPerClient: number;
  /**
   * `CONNECTION_RESERVE`, default an eighth of `MAX_CONNECTIONS`: the last connections before the
   * cap, kept for clients that hold only a few (`/health` probes, well-behaved clients) while others
   * hold many.
   */
  connectionReserve: number;
  /**
   * `LISTEN_BACKLOG`, default 4096: connections the kernel may queue before the server accepts
   * them (capped by the system's `net.core.somaxconn`). Node's default, 511, overflows under a
   * burst of connections, and a dropped connection attempt, a `/health` probe's too, is retried by
   * the client's kernel only a second or more later.
   */
  listenBacklog: number;
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
  const dataDir = path.resolve(nonEmpty(env['DATA_DIR']) ?? 'data');
  return {
    port: integerVariable(env, 'PORT', 3000, 0, 65535),
    host: bindHost(env),
    dataDir,
    eventStore,
    eventStoreConnectionString,
    sessionCacheSize: integerVariable(env, 'SESSION_CACHE_SIZE', 1000, 1, 1_000_000),
    maxBodyBytes: integerVariable(env, 'MAX_BODY_BYTES', 4 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxAppendBodyBytes: integerVariable(
      env,
      'MAX_APPEND_BODY_BYTES',
      64 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    blobThresholdBytes: integerVariable(env, 'BLOB_THRESHOLD_BYTES', 32 * 1024, 1024, 512 * 1024),
    maxBlobBytes: integerVariable(env, 'MAX_BLOB_BYTES', 4 * 1024 ** 3, 1024, 1024 ** 4),
    blobUnreferencedTtlMs: integerVariable(
      env,
      'BLOB_UNREFERENCED_TTL_MS',
      24 * HOUR_MS,
      1000,
      365 * 24 * HOUR_MS,
    ),
    http: loadHttpHardeningConfig(env),
    contentEncryption: loadContentEncryptionConfig(env, eventStore, dataDir),
  };
}

function loadContentEncryptionConfig(
  env: Record<string, string | undefined>,
  eventStore: EventStoreKind,
  dataDir: string,
): ContentEncryptionConfig {
  const setting = nonEmpty(env['CONTENT_ENCRYPTION']);
  if (setting !== undefined && setting !== 'on' && setting !== 'off') {
    throw new ConfigError(
      `CONTENT_ENCRYPTION is ${JSON.stringify(setting)}; expected "on" or "off" (default: on with EVENT_STORE=eventstoredb, off with sqlite).`,
    );
  }
  const masterKey = nonEmpty(env['CONTENT_MASTER_KEY']);
  let masterKeyBytes: Buffer | undefined;
  try {
    masterKeyBytes = masterKey === undefined ? undefined : parseMasterKey(masterKey);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    enabled: (setting ?? (eventStore === 'eventstoredb' ? 'on' : 'off')) === 'on',
    keysPath: path.resolve(
      nonEmpty(env['CONTENT_KEYS_PATH']) ?? path.join(dataDir, 'content-keys.sqlite'),
    ),
    masterKey: masterKeyBytes,
  };
}

const HOUR_MS = 3_600_000;

/**
 * `RATE_LIMIT_MAX` of a server bound beyond loopback: 600 requests a minute per key (10 a second
 * on average, bursts allowed) is far above what a person or a well-behaved runtime sends, and
 * turns a search or key-guessing script of thousands of requests into minutes of 429s.
 */
export const DEFAULT_RATE_LIMIT_MAX = 600;

function bindHost(env: Record<string, string | undefined>): string {
  return nonEmpty(env['HOST']) ?? '127.0.0.1';
}

function loadHttpHardeningConfig(env: Record<string, string | undefined>): HttpHardeningConfig {
  const hosts = listVariable(env, 'ALLOWED_HOSTS');
  const maxConnections = integerVariable(env, 'MAX_CONNECTIONS', 1024, 1, 1_000_000);
  return {
    allowedHosts: hosts?.includes('*') === true ? '*' : (hosts ?? []),
    allowedOrigins: (listVariable(env, 'ALLOWED_ORIGINS') ?? []).map((origin) =>
      checkOrigin(origin),
    ),
    connectionTimeoutMs: integerVariable(env, 'CONNECTION_TIMEOUT_MS', 60_000, 100, HOUR_MS),
    headersTimeoutMs: integerVariable(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, HOUR_MS),
    requestTimeoutMs: integerVariable(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, HOUR_MS),
    keepAliveTimeoutMs: integerVariable(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, HOUR_MS),
    maxConnections,
    maxMessagesPerAppend: integerVariable(env, 'MAX_MESSAGES_PER_APPEND', 1000, 1, 1_000_000),
    maxJsonDepth: integerVariable(env, 'MAX_JSON_DEPTH', 64, 8, 1000),
    rateLimitMax: integerVariable(
      env,
      'RATE_LIMIT_MAX',
      isLoopbackHost(bindHost(env)) ? 0 : DEFAULT_RATE_LIMIT_MAX,
      0,
      1_000_000_000,
    ),
    rateLimitWindowMs: integerVariable(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 100, 24 * HOUR_MS),
    maxConnectionsPerClient: integerVariable(env, 'MAX_CONNECTIONS_PER_CLIENT', 128, 1, 1_000_000),
    connectionReserve: integerVariable(
      env,
      'CONNECTION_RESERVE',
      Math.floor(maxConnections / 8),
      0,
      Math.max(0, maxConnections - 1),
    ),
    listenBacklog: integerVariable(env, 'LISTEN_BACKLOG', 4096, 1, 1_000_000),
  };
}

function listVariable(env: Record<string, string | undefined>, name: string): string[] | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

function checkOrigin(origin: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed.origin !== origin) {
    throw new ConfigError(
      `ALLOWED_ORIGINS holds ${JSON.stringify(origin)}; expected origins such as https://app.example.com (scheme, host and port only), separated by commas.`,
    );
  }
  return origin;
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
