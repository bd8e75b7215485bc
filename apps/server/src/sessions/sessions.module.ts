import path from 'node:path';
import type { EventStore } from '@agent-ledger/event-store';
import { Module } from '@nestjs/common';
import { AcknowledgedWrites } from '../event-store/acknowledged-writes';
import type { ServerConfig } from '../config';
import { CLOCK, EVENT_STORE, SERVER_CONFIG, type Clock } from '../tokens';
import { AppendMessagesHandler } from './commands/append-messages.handler';
import { CompactSessionHandler } from './commands/compact-session.handler';
import { EndSessionHandler } from './commands/end-session.handler';
import { HandoffSessionHandler } from './commands/handoff-session.handler';
import { PruneToolResultsHandler } from './commands/prune-tool-results.handler';
import { RecordAiSdkStepHandler } from './commands/record-ai-sdk-step.handler';
import { SqliteDeciderSnapshots } from './decider-snapshots';
import { SessionCommandRunner } from './session-command-runner';
import { SessionsController } from './sessions.controller';

/** The write side: the sessions controller, one handler per command, and their shared runner. */
@Module({
  controllers: [SessionsController],
  providers: [
    {
      provide: SessionCommandRunner,
      useFactory: (
        store: EventStore,
        config: ServerConfig,
        clock: Clock,
        acknowledged: AcknowledgedWrites,
      ) =>
        new SessionCommandRunner(store, {
          cacheSize: config.sessionCacheSize,
          clock,
          snapshots: SqliteDeciderSnapshots.open(
            path.join(config.dataDir, 'decider-snapshots.sqlite'),
          ),
          onAppended: (position) => acknowledged.record(position),
        }),
      inject: [EVENT_STORE, SERVER_CONFIG, CLOCK, AcknowledgedWrites],
    },
    AppendMessagesHandler,
    CompactSessionHandler,
    PruneToolResultsHandler,
    HandoffSessionHandler,
    RecordAiSdkStepHandler,
    EndSessionHandler,
  ],
})
export class SessionsModule {}
