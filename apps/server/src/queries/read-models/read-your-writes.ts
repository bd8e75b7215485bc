import { Inject, Injectable } from '@nestjs/common';
import { ProjectionRunner, ReadModelBehindError } from '@agent-ledger/read-models';
import { READ_MODEL_CONFIG } from './read-model.tokens';
import type { ReadModelConfig } from './read-model-config';

/**
 * Read-your-writes: a command answers with its `position`; a query given it as `minPosition`
 * waits (at most `READ_MODEL_WAIT_MS`) until the read models have processed it, else fails with
 * `ReadModelBehind` (503).
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
  ) {}

  async reach(minPosition: number | undefined): Promise<void> {
    if (minPosition === undefined) return;
    const reached = await this.runner.waitForPosition(minPosition, this.config.waitTimeoutMs);
    if (!reached) {
      throw new ReadModelBehindError(minPosition, this.runner.position, this.config.waitTimeoutMs);
    }
  }
}
