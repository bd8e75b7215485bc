import { SqliteEventStore } from '@agent-ledger/event-store';
import { ModelContextReader } from '../model-context-reader';

/** An in-memory event store and a model-context reader over it, as a server holds them. */
export interface StoreFixture {
  store: SqliteEventStore;
  reader: ModelContextReader;
  close(): Promise<void>;
}

export function createStoreFixture(): StoreFixture {
  const store = new SqliteEventStore({ path: ':memory:', pollIntervalMs: 20 });
  return { store, reader: new ModelContextReader(store), close: () => store.close() };
}
