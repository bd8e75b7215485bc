import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { LiveProjections, ReadModelDatabase, ReadModelHold } from '@agent-ledger/read-models';
import { LIVE_PROJECTIONS, READ_MODEL_DB, READ_MODEL_HOLD } from './read-model.tokens';

/**
 * Starts the projection runner when the app has booted (it catches up from its checkpoints, then
 * follows live appends; the app listens once its tables and checkpoints are ready), stops it
 * before the event store closes, closes the read models' file, and then releases this server's
 * claim on it (so that `agent-ledger rebuild` may run).
 */
@Injectable()
export class ProjectionRunnerLifecycle
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    @Inject(LIVE_PROJECTIONS) private readonly runner: LiveProjections,
    @Inject(READ_MODEL_DB) private readonly db: ReadModelDatabase,
    @Inject(READ_MODEL_HOLD) private readonly hold: ReadModelHold,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }

  onApplicationShutdown(): void {
    if (this.db.open) this.db.close();
    this.hold.release();
  }
}
