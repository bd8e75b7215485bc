/** Where damage to a session's read-model rows was found. */
export type DamageFoundBy = 'read' | 'write' | 'sweep';

/** One repair of a session's read models, as the runner reports it. */
export interface ReadModelRepair {
  sessionId: string;
  foundBy: DamageFoundBy;
  outcome: 'repaired' | 'failed';
  /** The failure, when `outcome` is `failed`. */
  error?: string;
}

/** What the runner has found and repaired since it started (`/health`). */
export interface ReadModelDamageState {
  /** Sessions found damaged so far (one count per repair started). */
  found: number;
  /** Of them, repaired. */
  repaired: number;
  /** Sessions being repaired now, or whose last repair failed (retried when found again). */
  unrepaired: string[];
}

/** Keeps {@link ReadModelDamageState} up to date from repairs started and finished. */
export class DamageTally {
  private found = 0;
  private repaired = 0;
  private readonly unrepaired = new Set<string>();

  started(sessionId: string): void {
    this.found += 1;
    this.unrepaired.add(sessionId);
  }

  finished(repair: ReadModelRepair): void {
    if (repair.outcome === 'repaired') {
      this.repaired += 1;
      this.unrepaired.delete(repair.sessionId);
    }
  }

  get state(): ReadModelDamageState {
    return { found: this.found, repaired: this.repaired, unrepaired: [...this.unrepaired] };
  }
}
