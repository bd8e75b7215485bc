import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentSealingEventStore, SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from '@agent-ledger/eventstoredb';
import type { EventStoreKind } from '@agent-ledger/config';
import { startEsdbEmulator } from '@agent-ledger/eventstoredb/testing';

/** The stores the HTTP tests run against: the embedded one, and EventStoreDB (the emulator). */
export const STORE_KINDS: readonly EventStoreKind[] = ['sqlite', 'eventstoredb'];

/**
 * A store for test servers to write to, living in the test process: a SQLite file in a fresh
 * `DATA_DIR`, or a gRPC emulator of EventStoreDB on a loopback port (the servers run as child
 * processes, so the emulator must run here, where the test can reach it). EventStoreDB's servers
 * seal content (on by default there) with one content key store, `CONTENT_KEYS_PATH` in a folder
 * of the test store's own, as the nodes of one deployment share theirs; the test's client opens
 * the content through it too.
 */
export interface TestStore {
  kind: EventStoreKind;
  /**
   * Environment variables that point a server at this store. For SQLite they include `DATA_DIR`
   * (servers sharing the store share it); for EventStoreDB each server gets its own `DATA_DIR`
   * for its read models unless the test gives one.
   */
  env: Record<string, string>;
  /** The test's own client on the store (opened on first use, closed by `close`). */
  client(): EventStore;
  /** Closes the client, then stops the emulator or removes the SQLite `DATA_DIR`. */
  close(): Promise<void>;
}

/** Starts a store of `kind` for test servers; `close()` it after the servers have stopped. */
export async function startTestStore(kind: EventStoreKind): Promise<TestStore> {
  switch (kind) {
    case 'sqlite': {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-http-'));
      return withClient(
        kind,
        { EVENT_STORE: 'sqlite', DATA_DIR: dataDir },
        () => new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') }),
        () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
      );
    }
    case 'eventstoredb': {
      const emulator = await startEsdbEmulator();
      const connectionString = emulator.connectionString;
      const keysDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
      const keysPath = path.join(keysDir, 'content-keys.sqlite');
      return withClient(
        kind,
        {
          EVENT_STORE: 'eventstoredb',
          EVENTSTORE_CONNECTION_STRING: connectionString,
          CONTENT_KEYS_PATH: keysPath,
        },
        () =>
          new ContentSealingEventStore({
            inner: new EventStoreDbEventStore({ connectionString }),
            keys: new SqliteContentKeyStore({ path: keysPath }),
          }),
        async () => {
          await emulator.close();
          rmSync(keysDir, { recursive: true, force: true });
        },
      );
    }
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

function withClient(
  kind: EventStoreKind,
  env: Record<string, string>,
  open: () => EventStore,
  release: () => Promise<void>,
): TestStore {
  let client: EventStore | undefined;
  return {
    kind,
    env,
    client: () => (client ??= open()),
    close: async () => {
      await client?.close();
      await release();
    },
  };
}
