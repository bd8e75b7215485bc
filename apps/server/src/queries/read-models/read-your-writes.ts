import { Inject, Injectable } from '@nestjs/common';
import type { LiveProjections } from '@agent-ledger/read-models';
import type { ReadModelConfig } from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import { AcknowledgedWrites } from '../../event-store/acknowledged-writes';
import { EVENT_STORE } from '../../tokens';
import { reachMinPosition } from './reach-min-position';
import { LIVE_PROJECTIONS, READ_MODEL_CONFIG } from './read-model.tokens';

/**
 * How long a query waits at most for the runner to reach this server's own acknowledged appends
 * when it was given no `minPosition`; past it, the query answers from the read models as they are.
 */
export const OWN_WRITES_WAIT_MS = 1000;
/**
 * A runner further behind this server's appends than this many positions is catching up (after
 * a restart, a rebuild): queries then answer at once from what it has built, as they would from
 * any other server.
 */
export const OWN_WRITES_MAX_GAP = 10_000;

/**
 * Read-your-writes: a command answers with its `position`; a query given it as `minPosition`
 * waits (at most `READ_MODEL_WAIT_MS`) until the read models have processed it, else fails with
 * `ReadModelBehind` (503). A `minPosition` past the log's last position, which no write has
 * reached, is refused at once with `PositionNotReached` (409): waiting could not help.
 *
 * Without `minPosition`, a query still reads what this server has acknowledged: it waits (at most
 * `OWN_WRITES_WAIT_MS`, and only while the runner is live, within `OWN_WRITES_MAX_GAP` of it) for
 * the runner to reach the last append this server answered. The runner follows the log on a
 * thread of its own, a batch or so behind the appends; this keeps a client that appends and then
 * reads, on the same server, from seeing the read models before its append.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    @Inject(LIVE_PROJECTIONS) private readonly runner: LiveProjections,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly acknowledged: AcknowledgedWrites,
  ) {}

  async reach(minPosition: number | undefined): Promise<void> {
    if (minPosition !== undefined) {
      await reachMinPosition(
        minPosition,
        this.runner,
        () => this.store.headPosition(),
        this.config.waitTimeoutMs,
      );
    }
    await this.reachOwnWrites();
  }

  private async reachOwnWrites(): Promise<void> {
    const own = this.acknowledged.position;
    if (own === null) return;
    const reached = this.runner.position;
    if (reached !== null && (reached >= own || own - reached > OWN_WRITES_MAX_GAP)) return;
    await this.runner.waitForPosition(own, OWN_WRITES_WAIT_MS);
  }
}
