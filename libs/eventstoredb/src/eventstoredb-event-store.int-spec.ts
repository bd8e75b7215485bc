import { describeEventStoreContract } from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { startEsdbEmulator } from './testing';

describeEventStoreContract(
  'EventStoreDbEventStore on the emulator',
  async ({ validatePayload }) => {
    const emulator = await startEsdbEmulator();
    const store = new EventStoreDbEventStore({
      connectionString: emulator.connectionString,
      validatePayload,
      logger: { warn: () => undefined },
    });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await emulator.close();
      },
    };
  },
);
