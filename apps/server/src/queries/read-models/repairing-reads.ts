import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { ReadModelRowDamagedError, type LiveProjections } from '@agent-ledger/read-models';
import { LIVE_PROJECTIONS } from './read-model.tokens';

/**
 * How long a read that met a damaged row waits for the session's repair before answering
 * 503 `ReadModelDamaged` (the repair goes on; a retry then reads the rebuilt rows).
 */
export const REPAIR_WAIT_MS = 2000;

/**
 * Reads of the read models that never serve a damaged row: a read that meets a row whose
 * checksum does not match (`ReadModelRowDamagedError`) asks the runner to rebuild the session from
 * the log, waits for it (at most `REPAIR_WAIT_MS`) and reads again; if the repair failed or takes
 * longer, the error answers 503 and the client retries.
 */
@Injectable()
export class RepairingReads {
  constructor(@Inject(LIVE_PROJECTIONS) private readonly projections: LiveProjections) {}

  /** `read()`, or, when it met a damaged row, `read()` again once the session is rebuilt. */
  async read<T>(read: () => T): Promise<T> {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ReadModelRowDamagedError)) throw error;
      const repaired = await Promise.race([
        this.projections.repairSession(error.sessionId, 'read'),
        sleep(REPAIR_WAIT_MS, false, { ref: false }),
      ]);
      if (!repaired) throw error;
      return read();
    }
  }
}
