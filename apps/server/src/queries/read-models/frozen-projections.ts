import type {
  LiveProjections,
  ReadModelDamageState,
  ReadModelDatabase,
} from '@agent-ledger/read-models';

/**
 * The read models of a server started read-only (a full disk): no runner writes them, so they
 * stay at the position their checkpoints say, and a query waiting for a later one waits in vain
 * (its `minPosition` timeout answers). `/health` and `/health/ready` say how far behind that is.
 */
export class FrozenProjections implements LiveProjections {
  readonly position: number | null;

  constructor(db: ReadModelDatabase) {
    const row = db
      .prepare<[], { handlers: number; reached: number; lowest: number | null }>(
        'SELECT COUNT(*) AS handlers, COUNT(position) AS reached, MIN(position) AS lowest FROM rm_checkpoints',
      )
      .get();
    // A handler that has processed nothing (a null position) holds every read model back.
    this.position =
      row === undefined || row.handlers === 0 || row.reached < row.handlers ? null : row.lowest;
  }

  start(): void {}

  stop(): Promise<void> {
    return Promise.resolve();
  }

  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position !== null && this.position >= position) return true;
    await new Promise((resolve) => setTimeout(resolve, timeoutMs));
    return false;
  }

  onBatchCommitted(): () => void {
    return () => undefined;
  }

  /** Nothing can be rewritten on a read-only server: a damaged session stays unrepaired. */
  repairSession(sessionId: string): Promise<boolean> {
    if (!this.unrepaired.includes(sessionId)) this.unrepaired.push(sessionId);
    return Promise.resolve(false);
  }

  private readonly unrepaired: string[] = [];

  get damage(): ReadModelDamageState {
    return { found: this.unrepaired.length, repaired: 0, unrepaired: [...this.unrepaired] };
  }
}
