import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_GUARD, ModuleRef } from '@nestjs/core';
import type { BlobStore } from '@agent-ledger/blobs';
import type { ServerConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { ModelContextReader } from '@agent-ledger/model-context';
import { truncateDataDirWals, type LiveProjections } from '@agent-ledger/read-models';
import { SessionCommandRunner, SessionErasure } from '@agent-ledger/session-commands';
import { IMPORT_RUNNER } from '../imports/imports.tokens';
import { QueriesModule } from '../queries/queries.module';
import { TranscriptFeed } from '../queries/transcript-feed';
import { LIVE_PROJECTIONS } from '../queries/read-models/read-model.tokens';
import {
  BLOB_STORE,
  CLOCK,
  CONTENT_KEY_SHREDDER,
  EVENT_STORE,
  SERVER_CONFIG,
  SESSION_ERASURE,
  type Clock,
  type ContentKeyShredder,
} from '../tokens';
import { ErasingSessionGuard } from './erasing-session.guard';
import { ErasuresController } from './erasures.controller';
import { RetentionService } from './retention.service';

/** How long an erasure waits for the read models to purge its sessions before it answers 503. */
const READ_MODEL_PURGE_TIMEOUT_MS = 30_000;

/**
 * How often a server reads the audit stream for erasures other nodes (or the CLI) run on the
 * store: its caches forget their sessions, which it serves as erased until their receipts.
 */
export const ERASURE_JOURNAL_FOLLOW_MS = 250;

/** Between an erasure's journal entry and its streams' erasure: two reads of every other node. */
export const ERASURE_JOURNAL_GRACE_MS = 2 * ERASURE_JOURNAL_FOLLOW_MS;

/**
 * Erasure and retention (the content keys it destroys are the event store module's
 * `CONTENT_KEY_SHREDDER`, bound to the store's key store when content is sealed): `SessionErasure` (journal first, receipts in `ledger-erasures`), the
 * guard that answers 404 for sessions being erased, the routes, and the retention schedule. At
 * start it finishes every erasure a crash left without its receipt.
 */
@Global()
@Module({
  imports: [QueriesModule],
  controllers: [ErasuresController],
  providers: [
    {
      provide: SESSION_ERASURE,
      useFactory: (
        store: EventStore,
        clock: Clock,
        shredder: ContentKeyShredder,
        projections: LiveProjections,
        modelContext: ModelContextReader,
        feed: TranscriptFeed,
        modules: ModuleRef,
        blobs: BlobStore,
        config: ServerConfig,
      ) => {
        const runners = (): SessionCommandRunner[] =>
          [SessionCommandRunner, IMPORT_RUNNER].flatMap((token) => {
            try {
              return [modules.get<SessionCommandRunner>(token, { strict: false })];
            } catch {
              return [];
            }
          });
        return new SessionErasure({
          store,
          clock,
          destroyContentKeys: (streamName) => shredder.destroyKeysOf(streamName),
          releaseBlobs: async (tenant, key) => (await blobs.releaseSession(tenant, key)).length,
          forgetSession: async (key) => {
            for (const runner of runners()) await runner.forget(key);
            modelContext.erase(key);
            feed.endSession(key);
          },
          awaitReadModels: async (position) => {
            if (!(await projections.waitForPosition(position, READ_MODEL_PURGE_TIMEOUT_MS))) {
              throw new Error(
                `the read models did not reach position ${position} (where they purge the sessions) within ${READ_MODEL_PURGE_TIMEOUT_MS} ms`,
              );
            }
            // Each purge truncates its WAL when no reader holds it up, and a crash after a purge
            // leaves the old pages in the WAL for the next process: no receipt until no WAL
            // under DATA_DIR holds them.
            await truncateDataDirWals(config.dataDir);
          },
          journalGraceMs: ERASURE_JOURNAL_GRACE_MS,
        });
      },
      inject: [
        EVENT_STORE,
        CLOCK,
        CONTENT_KEY_SHREDDER,
        LIVE_PROJECTIONS,
        ModelContextReader,
        TranscriptFeed,
        ModuleRef,
        BLOB_STORE,
        SERVER_CONFIG,
      ],
    },
    { provide: APP_GUARD, useClass: ErasingSessionGuard },
    RetentionService,
  ],
  exports: [SESSION_ERASURE, RetentionService],
})
export class ErasureModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Erasure');

  constructor(@Inject(SESSION_ERASURE) private readonly erasure: SessionErasure) {}

  private retryTimer: NodeJS.Timeout | undefined;
  private followTimer: NodeJS.Timeout | undefined;

  /**
   * The sessions of erasures a crash interrupted are marked (404) before the server listens;
   * they are finished in the background, once the projection runner (which purges their read
   * models) runs. A store that does not answer at start (EventStoreDB down) does not stop the
   * server: the audit stream is read again every second until it answers (meanwhile nothing of
   * the log is served either). From then on, the erasures other nodes run are followed
   * (`SessionErasure.followJournal`, every `ERASURE_JOURNAL_FOLLOW_MS`).
   */
  async onApplicationBootstrap(): Promise<void> {
    // Where the audit stream is now: what comes after it is another node's (or this one's).
    await this.erasure.followJournal().catch(() => undefined);
    this.followTimer = setInterval(() => {
      this.erasure.followJournal().catch(() => undefined);
    }, ERASURE_JOURNAL_FOLLOW_MS);
    this.followTimer.unref();
    try {
      await this.recover();
    } catch (error) {
      this.logger.warn(
        `The erasures could not be read at start (${describe(error)}); trying again every second.`,
      );
      this.retryTimer = setInterval(() => {
        this.recover().then(
          () => clearInterval(this.retryTimer),
          () => undefined,
        );
      }, 1000);
      this.retryTimer.unref();
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.retryTimer);
    clearInterval(this.followTimer);
  }

  private async recover(): Promise<void> {
    const { unfinished, finished } = await this.erasure.recover();
    if (unfinished.length === 0) return;
    this.logger.warn(
      `${unfinished.length} erasure(s) were interrupted (${unfinished.map((receipt) => receipt.erasureId).join(', ')}): their sessions are not served; finishing them.`,
    );
    finished.then(
      (receipts) => {
        for (const receipt of receipts) {
          this.logger.log(
            `Erasure ${receipt.erasureId} finished after the restart (${receipt.sessionIds.length} session(s)).`,
          );
        }
      },
      (error: unknown) =>
        this.logger.error(
          `An interrupted erasure could not be finished: ${describe(error)}. It is finished by asking again, or at the next start.`,
        ),
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
