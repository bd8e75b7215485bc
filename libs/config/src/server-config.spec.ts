import path from 'node:path';
import { ConfigError, DEFAULT_RATE_LIMIT_MAX, loadServerConfig } from './server-config';

describe('loadServerConfig', () => {
  it('has the documented defaults', () => {
    expect(loadServerConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      eventStore: 'sqlite',
      eventStoreConnectionString: undefined,
      sessionCacheSize: 1000,
      maxBodyBytes: 4194304,
      maxAppendBodyBytes: 64 * 1024 ** 2,
      blobThresholdBytes: 32 * 1024,
      maxBlobBytes: 4 * 1024 ** 3,
      blobUnreferencedTtlMs: 24 * 60 * 60 * 1000,
      http: {
        allowedHosts: [],
        allowedOrigins: [],
        connectionTimeoutMs: 60000,
        headersTimeoutMs: 10000,
        requestTimeoutMs: 30000,
        keepAliveTimeoutMs: 5000,
        maxConnections: 1024,
        maxMessagesPerAppend: 1000,
        maxJsonDepth: 64,
        rateLimitMax: 0,
        rateLimitWindowMs: 60000,
        maxConnectionsPerClient: 128,
        connectionReserve: 128,
        listenBacklog: 4096,
      },
      contentEncryption: {
        enabled: false,
        keysPath: path.resolve('data', 'content-keys.sqlite'),
        masterKey: undefined,
      },
    });
  });

  it('reads every variable', () => {
    expect(
      loadServerConfig({
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/agent-ledger',
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
        SESSION_CACHE_SIZE: '50',
        MAX_BODY_BYTES: '2097152',
        MAX_APPEND_BODY_BYTES: '8388608',
        BLOB_THRESHOLD_BYTES: '4096',
        BLOB_UNREFERENCED_TTL_MS: '60000',
        ALLOWED_HOSTS: 'ledger.internal, Ledger.Example',
        ALLOWED_ORIGINS: 'https://app.example.com,http://localhost:5173',
        CONNECTION_TIMEOUT_MS: '1000',
        HEADERS_TIMEOUT_MS: '2000',
        REQUEST_TIMEOUT_MS: '3000',
        KEEP_ALIVE_TIMEOUT_MS: '4000',
        MAX_CONNECTIONS: '10',
        MAX_MESSAGES_PER_APPEND: '20',
        MAX_JSON_DEPTH: '30',
        RATE_LIMIT_MAX: '100',
        RATE_LIMIT_WINDOW_MS: '1000',
        MAX_CONNECTIONS_PER_CLIENT: '4',
        CONNECTION_RESERVE: '2',
        LISTEN_BACKLOG: '100',
        CONTENT_ENCRYPTION: 'off',
        CONTENT_KEYS_PATH: '/var/lib/agent-ledger-keys/keys.sqlite',
        CONTENT_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: path.resolve('/var/lib/agent-ledger'),
      eventStore: 'eventstoredb',
      eventStoreConnectionString: 'esdb://localhost:2113?tls=false',
      sessionCacheSize: 50,
      maxBodyBytes: 2097152,
      maxAppendBodyBytes: 8388608,
      blobThresholdBytes: 4096,
      maxBlobBytes: 4 * 1024 ** 3,
      blobUnreferencedTtlMs: 60000,
      http: {
        allowedHosts: ['ledger.internal', 'ledger.example'],
        allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
        connectionTimeoutMs: 1000,
        headersTimeoutMs: 2000,
        requestTimeoutMs: 3000,
        keepAliveTimeoutMs: 4000,
        maxConnections: 10,
        maxMessagesPerAppend: 20,
        maxJsonDepth: 30,
        rateLimitMax: 100,
        rateLimitWindowMs: 1000,
        maxConnectionsPerClient: 4,
        connectionReserve: 2,
        listenBacklog: 100,
      },
      contentEncryption: {
        enabled: false,
        keysPath: path.resolve('/var/lib/agent-ledger-keys/keys.sqlite'),
        masterKey: Buffer.alloc(32, 7),
      },
    });
  });

  describe('content encryption', () => {
    it('is on by default with EventStoreDB, off with the embedded store, and either when asked', () => {
      const eventStoreDb = {
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
      };
      expect(loadServerConfig(eventStoreDb).contentEncryption.enabled).toBe(true);
      expect(
        loadServerConfig({ ...eventStoreDb, CONTENT_ENCRYPTION: 'off' }).contentEncryption.enabled,
      ).toBe(false);
      expect(loadServerConfig({}).contentEncryption.enabled).toBe(false);
      expect(loadServerConfig({ CONTENT_ENCRYPTION: 'on' }).contentEncryption.enabled).toBe(true);
      expect(loadServerConfig({ DATA_DIR: '/srv/ledger' }).contentEncryption.keysPath).toBe(
        path.resolve('/srv/ledger/content-keys.sqlite'),
      );
    });

    it('refuses a setting or a master key it cannot use, saying what it accepts', () => {
      expect(() => loadServerConfig({ CONTENT_ENCRYPTION: 'yes' })).toThrow(
        new ConfigError(
          'CONTENT_ENCRYPTION is "yes"; expected "on" or "off" (default: on with EVENT_STORE=eventstoredb, off with sqlite).',
        ),
      );
      expect(() => loadServerConfig({ CONTENT_MASTER_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
      expect(() => loadServerConfig({ CONTENT_MASTER_KEY: 'c2hvcnQ=' })).toThrow(
        /CONTENT_MASTER_KEY must be 32 bytes in base64/,
      );
    });
  });

  it('turns the Host check off with ALLOWED_HOSTS=*, and refuses an origin with a path', () => {
    expect(loadServerConfig({ ALLOWED_HOSTS: '*' }).http.allowedHosts).toEqual('*');
    expect(() => loadServerConfig({ ALLOWED_ORIGINS: 'https://app.example.com/ui' })).toThrow(
      'ALLOWED_ORIGINS holds "https://app.example.com/ui"; expected origins such as https://app.example.com (scheme, host and port only), separated by commas.',
    );
  });

  it('keeps the connection reserve below MAX_CONNECTIONS', () => {
    expect(loadServerConfig({ MAX_CONNECTIONS: '100' }).http.connectionReserve).toEqual(12);
    expect(() => loadServerConfig({ MAX_CONNECTIONS: '10', CONNECTION_RESERVE: '10' })).toThrow(
      'CONNECTION_RESERVE is "10"; expected an integer from 0 to 9.',
    );
  });

  it('names the variable and what it accepts when a value is unusable', () => {
    expect(() => loadServerConfig({ PORT: '80a' })).toThrow(
      'PORT is "80a"; expected an integer from 0 to 65535.',
    );
    expect(() => loadServerConfig({ EVENT_STORE: 'postgres' })).toThrow(
      'EVENT_STORE is "postgres"; expected "sqlite" (the default) or "eventstoredb".',
    );
  });

  describe('EVENTSTORE_CONNECTION_STRING', () => {
    it('is required with EVENT_STORE=eventstoredb', () => {
      expect(() => loadServerConfig({ EVENT_STORE: 'eventstoredb' })).toThrow(
        new ConfigError(
          'EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING, which is not set; expected an esdb:// connection string, e.g. esdb://localhost:2113?tls=false (one node) or esdb://a:2113,b:2113,c:2113?tls=false (a cluster).',
        ),
      );
    });

    it('must be an esdb:// or esdb+discover:// string, and is not repeated in the error', () => {
      expect(() =>
        loadServerConfig({
          EVENT_STORE: 'eventstoredb',
          EVENTSTORE_CONNECTION_STRING: 'https://admin:changeit@db:2113',
        }),
      ).toThrow(
        'EVENTSTORE_CONNECTION_STRING does not start with esdb:// or esdb+discover://; expected e.g. esdb://localhost:2113?tls=false.',
      );
      expect(
        loadServerConfig({
          EVENT_STORE: 'eventstoredb',
          EVENTSTORE_CONNECTION_STRING: 'esdb+discover://db.example:2113',
        }).eventStoreConnectionString,
      ).toEqual('esdb+discover://db.example:2113');
    });

    it('is ignored by the embedded store', () => {
      expect(
        loadServerConfig({ EVENTSTORE_CONNECTION_STRING: 'not a connection string' }).eventStore,
      ).toEqual('sqlite');
    });
  });
});

describe('loadServerConfig: the rate limit by default', () => {
  it('is off on loopback, where only this machine can call', () => {
    for (const HOST of [undefined, '127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect([HOST, loadServerConfig({ HOST }).http.rateLimitMax]).toEqual([HOST, 0]);
    }
  });

  it('is on, at DEFAULT_RATE_LIMIT_MAX a minute, when bound beyond loopback', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.5', 'ledger.internal']) {
      expect([HOST, loadServerConfig({ HOST }).http]).toEqual([
        HOST,
        expect.objectContaining({ rateLimitMax: DEFAULT_RATE_LIMIT_MAX, rateLimitWindowMs: 60000 }),
      ]);
    }
    expect(DEFAULT_RATE_LIMIT_MAX).toBe(600);
  });

  it('is turned off beyond loopback by RATE_LIMIT_MAX=0, and on at loopback by a count', () => {
    expect(loadServerConfig({ HOST: '0.0.0.0', RATE_LIMIT_MAX: '0' }).http.rateLimitMax).toBe(0);
    expect(loadServerConfig({ RATE_LIMIT_MAX: '50' }).http.rateLimitMax).toBe(50);
  });
});
