interface Waiter {
  position: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/** Callers waiting for the runner to reach a position (read-your-writes). */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  /** Resolves `true` once `reached(position)` is called with a position at or past it, `false` on timeout. */
  wait(position: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Wakes every waiter whose position is at or before `position`. */
  reached(position: number): void {
    for (const waiter of this.waiters) {
      if (waiter.position > position) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      waiter.resolve(true);
    }
  }
}
