/**
 * Wakes this store's live subscriptions when it has committed an append. A counter makes the
 * wake-up race-free: a subscription notes `version` before it reads, and `waitFor` returns at
 * once if an append committed since. Appends by other processes are seen by polling.
 */
export class AppendNotifier {
  private current = 0;
  private readonly waiters = new Set<() => void>();

  /** Changes after every notified append. */
  get version(): number {
    return this.current;
  }

  notify(): void {
    this.current += 1;
    this.wakeAll();
  }

  /** Wakes every waiter without a new append (used on close). */
  wakeAll(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves on the next append after `seenVersion`, on `wakeAll`, or after `timeoutMs`. */
  waitFor(seenVersion: number, timeoutMs: number): Promise<void> {
    if (this.current !== seenVersion) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
    });
  }
}
