import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentSealingEventStore } from '@agent-ledger/content-crypto';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from '@agent-ledger/eventstoredb';
import { ConfigError, loadServerConfig } from './server-config';
import { createEventStore } from './create-event-store';

describe('createEventStore', () => {
  it('opens the embedded store in DATA_DIR/events.sqlite by default', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-store-'));
    try {
      const store = await createEventStore(loadServerConfig({ DATA_DIR: dataDir }));
      expect(store).toBeInstanceOf(SqliteEventStore);
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('builds the EventStoreDB adapter without connecting (the node may come up later), sealing content by default', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-store-'));
    try {
      const eventStoreDb = {
        DATA_DIR: dataDir,
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:1?tls=false',
      };
      const store = await createEventStore(loadServerConfig(eventStoreDb));
      expect(store).toBeInstanceOf(ContentSealingEventStore);
      expect((store as ContentSealingEventStore).sealedStore).toBeInstanceOf(
        EventStoreDbEventStore,
      );
      await store.close();
      expect(existsSync(path.join(dataDir, 'content-keys.sqlite'))).toBe(true);
      rmSync(path.join(dataDir, 'content-keys.sqlite'));
      const plain = await createEventStore(
        loadServerConfig({ ...eventStoreDb, CONTENT_ENCRYPTION: 'off' }),
      );
      expect(plain).toBeInstanceOf(EventStoreDbEventStore);
      await plain.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('seals on the embedded store when asked, and keeps opening sealed content once turned off', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-store-'));
    try {
      const sealing = await createEventStore(
        loadServerConfig({ DATA_DIR: dataDir, CONTENT_ENCRYPTION: 'on' }),
      );
      expect(sealing).toBeInstanceOf(ContentSealingEventStore);
      await sealing.close();
      // The key file exists now: with encryption off, the store still reads through it.
      const reading = await createEventStore(
        loadServerConfig({ DATA_DIR: dataDir, CONTENT_ENCRYPTION: 'off' }),
      );
      expect(reading).toBeInstanceOf(ContentSealingEventStore);
      expect((reading as ContentSealingEventStore).sealedStore).toBeInstanceOf(SqliteEventStore);
      await reading.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a connection string the client cannot parse, naming the variable', async () => {
    const config = loadServerConfig({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=maybe',
    });
    await expect(createEventStore(config)).rejects.toThrow(
      new ConfigError(
        'EVENTSTORE_CONNECTION_STRING cannot be used: Unexpected "maybe" at position 26, expected true or false.',
      ),
    );
  });

  it('refuses an EventStoreDB configuration without a connection string', async () => {
    const config = { ...loadServerConfig({}), eventStore: 'eventstoredb' as const };
    const refusal = createEventStore(config);
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(
      'EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false).',
    );
  });
});
