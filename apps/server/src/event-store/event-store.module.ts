import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventStore } from '@agent-ledger/event-store';
import { createEventStore, type ServerConfig } from '@agent-ledger/config';
import { startedReadOnly } from '../health/storage-health';
import { EVENT_STORE } from '../tokens';
import { AcknowledgedWrites } from './acknowledged-writes';

/**
 * Provides the `EventStore` port (token `EVENT_STORE`) to the whole app, built once from the
 * configuration by `createEventStore`, and closes it when the app shuts down. EventStoreDB's
 * dropped subscriptions and resubscriptions are logged as warnings under `EventStoreDB`.
 */
@Global()
@Module({})
export class EventStoreModule implements OnApplicationShutdown {
  private readonly logger = new Logger(EventStoreModule.name);

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  static forRoot(config: ServerConfig): DynamicModule {
    const subscriptionLogger = new Logger('EventStoreDB');
    return {
      module: EventStoreModule,
      providers: [
        {
          provide: EVENT_STORE,
          useFactory: () =>
            createEventStore(config, {
              logger: { warn: (message) => subscriptionLogger.warn(message) },
              readOnly: startedReadOnly(),
            }),
        },
        AcknowledgedWrites,
      ],
      exports: [EVENT_STORE, AcknowledgedWrites],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    this.logger.log('Event store closed.');
  }
}
