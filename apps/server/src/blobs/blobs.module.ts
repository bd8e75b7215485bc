import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createBlobStore, type OpenedBlobStore, type ServerConfig } from '@agent-ledger/config';
import { startedReadOnly } from '../health/storage-health';
import { BLOB_STORE, SERVER_CONFIG } from '../tokens';
import { BlobsController } from './blobs.controller';
import { UnreferencedBlobSweep } from './unreferenced-blob-sweep';

/** The opened store behind `BLOB_STORE`, for closing it. */
const OPENED_BLOB_STORE = Symbol('OpenedBlobStore');

/**
 * Provides the `BlobStore` port (token `BLOB_STORE`) of the configured event store to the whole
 * app (`createBlobStore`), with the blob routes and the sweep of uploads no message refers to
 * (`UnreferencedBlobSweep`), and closes the store when the app shuts down.
 */
@Global()
@Module({
  controllers: [BlobsController],
  providers: [
    {
      provide: OPENED_BLOB_STORE,
      useFactory: (config: ServerConfig) =>
        createBlobStore(config, { readOnly: startedReadOnly() }),
      inject: [SERVER_CONFIG],
    },
    {
      provide: BLOB_STORE,
      useFactory: (opened: OpenedBlobStore) => opened.store,
      inject: [OPENED_BLOB_STORE],
    },
    UnreferencedBlobSweep,
  ],
  exports: [BLOB_STORE],
})
export class BlobsModule implements OnApplicationShutdown {
  constructor(@Inject(OPENED_BLOB_STORE) private readonly opened: OpenedBlobStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.opened.close();
  }
}
