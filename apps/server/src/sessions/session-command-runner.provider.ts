import path from 'node:path';
import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import type { EventStore } from '@agent-ledger/event-store';
import {
  SessionCommandRunner,
  SqliteDeciderSnapshots,
  type SessionErasure,
} from '@agent-ledger/session-commands';
import type { ServerConfig } from '@agent-ledger/config';
import { AcknowledgedWrites } from '../event-store/acknowledged-writes';
import { noteStorageWritable, startedReadOnly } from '../health/storage-health';
import { CLOCK, EVENT_STORE, SERVER_CONFIG, SESSION_ERASURE, type Clock } from '../tokens';

/**
 * The one way the server builds a session command runner (the sessions module's, and the
 * imports' own): the store, the configured cache, the clock, and every append reported to
 * `AcknowledgedWrites`, so that a query after it waits for the read models to have it, and to
 * `/health`'s storage state, which a write that succeeds clears of an earlier full disk. With
 * `snapshots`, long sessions' decider states are kept in `decider-snapshots.sqlite` of the data
 * folder (the runtime's runner; an import writes each session once and needs none).
 */
export function sessionCommandRunnerProvider(
  token: InjectionToken,
  { snapshots }: { snapshots: boolean },
): FactoryProvider<SessionCommandRunner> {
  return {
    provide: token,
    useFactory: (
      store: EventStore,
      config: ServerConfig,
      clock: Clock,
      acknowledged: AcknowledgedWrites,
      erasure: Pick<SessionErasure, 'isErasing'> | undefined,
    ) =>
      new SessionCommandRunner(store, {
        // A session being erased takes no command, whichever route (or import) names it.
        ...(erasure === undefined ? {} : { isErasing: (key: string) => erasure.isErasing(key) }),
        cacheSize: config.sessionCacheSize,
        clock,
        // A server started read-only (a full disk) writes nothing, snapshots included.
        ...(snapshots && !startedReadOnly()
          ? {
              snapshots: SqliteDeciderSnapshots.open(
                path.join(config.dataDir, 'decider-snapshots.sqlite'),
              ),
            }
          : {}),
        onAppended: (position) => {
          noteStorageWritable();
          acknowledged.record(position);
        },
      }),
    inject: [
      EVENT_STORE,
      SERVER_CONFIG,
      CLOCK,
      AcknowledgedWrites,
      { token: SESSION_ERASURE, optional: true },
    ],
  };
}
