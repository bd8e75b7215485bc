import path from 'node:path';
import { loadServerConfig } from './config';

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
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: path.resolve('/var/lib/agent-ledger'),
      eventStore: 'eventstoredb',
      eventStoreConnectionString: 'esdb://localhost:2113?tls=false',
      sessionCacheSize: 50,
      maxBodyBytes: 2097152,
    });
  });

  it('names the variable and what it accepts when a value is unusable', () => {
    expect(() => loadServerConfig({ PORT: '80a' })).toThrow(
      'PORT is "80a"; expected an integer from 0 to 65535.',
    );
    expect(() => loadServerConfig({ EVENT_STORE: 'postgres' })).toThrow(
      'EVENT_STORE is "postgres"; expected "sqlite" (the default) or "eventstoredb".',
    );
  });
});
