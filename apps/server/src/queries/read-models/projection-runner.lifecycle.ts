import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ProjectionRunner, type ReadModelDatabase } from '@agent-ledger/read-models';
import { READ_MODEL_DB } from './read-model.tokens';

/**
 * Starts the projection runner when the app has booted (it catches up from its checkpoints, then
 * follows live appends), stops it before the event store closes, and closes the read models' file.
 */
@Injectable()
export class ProjectionRunnerLifecycle
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(READ_MODEL_DB) private readonly db: ReadModelDatabase,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }

  onApplicationShutdown(): void {
    if (this.db.open) this.db.close();
  }
}
