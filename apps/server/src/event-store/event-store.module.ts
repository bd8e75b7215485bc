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
import { ContentSealingEventStore, type ContentKeyShredder } from '@agent-ledger/content-crypto';
import { startedReadOnly } from '../health/storage-health';
import { CONTENT_KEY_SHREDDER, EVENT_STORE } from '../tokens';
import { AcknowledgedWrites } from './acknowledged-writes';

/** The shredder of a log with no sealed content: there is no key to destroy. */
const NO_CONTENT_KEYS: ContentKeyShredder = { destroyKeysOf: () => Promise.resolve(0) };

/**
 * Provides the `EventStore` port (token `EVENT_STORE`) to the whole app, built once from the
 * configuration by `createEventStore`, and closes it when the app shuts down. EventStoreDB's
 * dropped subscriptions and resubscriptions are logged as warnings under `EventStoreDB`. The
 * store's content key store, when it has one, is `CONTENT_KEY_SHREDDER` (closed with the store).
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
        {
          provide: CONTENT_KEY_SHREDDER,
          useFactory: (store: EventStore): ContentKeyShredder =>
            store instanceof ContentSealingEventStore ? store.keyStore : NO_CONTENT_KEYS,
          inject: [EVENT_STORE],
        },
        AcknowledgedWrites,
      ],
      exports: [EVENT_STORE, CONTENT_KEY_SHREDDER, AcknowledgedWrites],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    this.logger.log('Event store closed.');
  }
}
