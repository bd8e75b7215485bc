import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { startedReadOnly } from '../health/storage-health';
import { BLOB_STORE, CLOCK, SERVER_CONFIG, type Clock } from '../tokens';

/** The longest pause between two sweeps, whatever the time to live. */
const MAX_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Collects uploads no message came to refer to: every `min(BLOB_UNREFERENCED_TTL_MS / 2, 10 min)`,
 * the blob store drops the provisional references of uploads older than
 * `BLOB_UNREFERENCED_TTL_MS` (`BlobStore.collectUnreferenced`) and deletes the blobs no session
 * refers to any more. A blob is thus kept at most one and a half times the time to live after its
 * upload when nothing refers to it. Nothing runs on a server started read-only, nor on a store
 * without the method.
 */
@Injectable()
export class UnreferencedBlobSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Blobs');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(BLOB_STORE) private readonly store: BlobStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (this.store.collectUnreferenced === undefined || startedReadOnly()) return;
    const ttl = this.config.blobUnreferencedTtlMs;
    const interval = Math.max(500, Math.min(Math.floor(ttl / 2), MAX_SWEEP_INTERVAL_MS));
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
        });
    }, interval);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep: the uploads older than the time to live lose their provisional reference. */
  async sweep(): Promise<string[]> {
    const cutOff = new Date(Date.parse(this.clock()) - this.config.blobUnreferencedTtlMs);
    try {
      const deleted = (await this.store.collectUnreferenced?.(cutOff)) ?? [];
      if (deleted.length > 0) {
        this.logger.log(`deleted ${deleted.length} uploaded blob(s) no message referred to`);
      }
      return deleted;
    } catch (error) {
      this.logger.warn(
        `the sweep of unreferenced uploads failed (tried again later): ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    }
  }
}
