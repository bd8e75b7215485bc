import { Module } from '@nestjs/common';
import type { EventStore } from '@agent-ledger/event-store';
import type { ServerConfig } from '../config';
import { AcknowledgedWrites } from '../event-store/acknowledged-writes';
import { SessionCommandRunner } from '../sessions/session-command-runner';
import { CLOCK, EVENT_STORE, SERVER_CONFIG, type Clock } from '../tokens';
import { ImportHistoryHandler } from './import-history.handler';
import { ImportsController } from './imports.controller';
import { IMPORT_RUNNER } from './imports.tokens';

/**
 * Imports of other tools' histories. They write through a session command runner of their own:
 * the same decider, expected revisions and event ids as the sessions module's, so a runtime
 * writing to the session meanwhile is caught by the expected revision, never overwritten.
 */
@Module({
  controllers: [ImportsController],
  providers: [
    {
      provide: IMPORT_RUNNER,
      useFactory: (
        store: EventStore,
        config: ServerConfig,
        clock: Clock,
        acknowledged: AcknowledgedWrites,
      ) =>
        new SessionCommandRunner(store, {
          cacheSize: config.sessionCacheSize,
          clock,
          onAppended: (position) => acknowledged.record(position),
        }),
      inject: [EVENT_STORE, SERVER_CONFIG, CLOCK, AcknowledgedWrites],
    },
    ImportHistoryHandler,
  ],
})
export class ImportsModule {}
