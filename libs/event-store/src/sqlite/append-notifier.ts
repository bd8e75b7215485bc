/**
 * A follower woken again within this long of its last wake is following a stream of appends: it
 * lingers `LINGER_MS` before reading, so that one read (and, for the projection runner, one
 * transaction) takes the commits of those milliseconds together, and the writer's commits meanwhile
 * find no one to wake. A lone append is read at once. The runner's transaction costs about the
 * same whatever it holds (the pages its indexes and its search index touch, written to the WAL):
 * at 5 ms, under a steady stream of appends on two cores, its thread took a third more CPU per
 * turn than at 20 ms (`npm run bench -- http-append`). The window is longer than the linger and
 * a batch together, or a follower that lingered would not count as following any more.
 */
const STREAMING_WITHIN_MS = 60;
const LINGER_MS = 20;

/**
 * Wakes this store's live subscriptions when it has committed an append. A counter makes the
 * wake-up race-free: a subscription notes `version` before it reads, and `waitFor` returns at
 * once if an append committed since. Appends by other processes are seen by polling.
 *
 * Threads of one process that open the same file share an append signal (`AppendSignal`): a
 * counter in shared memory that the writing store bumps at each commit, and that a reading store's
 * waiters wait on (`Atomics.waitAsync`), so a subscription on another thread reads a commit at
 * once. Waking costs the writer nothing unless a subscription is waiting (the reader is idle);
 * under a stream of appends the follower lingers a few milliseconds after each wake (above), so
 * that it is woken once per several commits.
 */
export class AppendNotifier {
  private current = 0;
  private readonly waiters = new Set<() => void>();
  private lastFollowedAt = Number.NEGATIVE_INFINITY;

  /** Bumped at each `notify`, for the threads that follow this store's file (`share`). */
  private published: AppendSignal | undefined;

  /** `follow`: another thread's store's signal, whose moves wake this notifier's waiters too. */
  constructor(private readonly follow?: AppendSignal) {}

  /** Changes after every notified append, here or (when following a signal) on another thread. */
  get version(): number {
    return this.follow === undefined ? this.current : this.current + this.follow.read();
  }

  /** The signal this notifier bumps at every append from now on (made on the first call). */
  share(): AppendSignal {
    this.published ??= new AppendSignal();
    return this.published;
  }

  notify(): void {
    this.current += 1;
    this.published?.bump();
    this.wakeAll();
  }

  /** Wakes every waiter without a new append (used on close). */
  wakeAll(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves on the next append after `seenVersion`, on `wakeAll`, or after `timeoutMs`. */
  waitFor(seenVersion: number, timeoutMs: number): Promise<void> {
    if (this.version !== seenVersion) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
      // Both counters only grow, so an equal sum means the shared one has not moved since
      // `seenVersion` was read; wait for it to move from *that* value, not from a fresh read,
      // which would miss a bump made by another thread between the check above and now.
      const seenShared = seenVersion - this.current;
      this.follow?.waitForMove(seenShared, timeoutMs).then((outcome) => {
        // Under a stream of appends, wait a little so that one read takes several commits.
        const now = performance.now();
        const streaming = now - this.lastFollowedAt < STREAMING_WITHIN_MS;
        this.lastFollowedAt = now;
        if (outcome === 'ok' && streaming) setTimeout(wake, LINGER_MS);
        else wake();
      }, wake);
    });
  }
}

/**
 * A counter of appends in shared memory, for the stores of one process's threads that open the
 * same file: `SqliteEventStore.appendSignal()` on the writing store, given as `appendSignal` to a
 * store on another thread.
 */
export class AppendSignal {
  private readonly counter: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.counter = new Int32Array(buffer, 0, 1);
  }

  read(): number {
    return Atomics.load(this.counter, 0);
  }

  /** Counts an append and wakes the threads waiting for one (none: nothing to do). */
  bump(): void {
    Atomics.add(this.counter, 0, 1);
    Atomics.notify(this.counter, 0);
  }

  /** Resolves once the counter is no longer `seen` (at once if it has moved), or after `timeoutMs`. */
  waitForMove(seen: number, timeoutMs: number): Promise<unknown> {
    const waiting = (Atomics as unknown as AtomicsWithWaitAsync).waitAsync(
      this.counter,
      0,
      seen,
      timeoutMs,
    );
    return waiting.async ? waiting.value : Promise.resolve(waiting.value);
  }
}

/** `Atomics.waitAsync` (ES2024; in Node since 16), which this project's `lib` setting does not type. */
interface AtomicsWithWaitAsync {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
    timeoutMs: number,
  ):
    | { async: false; value: 'not-equal' | 'timed-out' }
    | { async: true; value: Promise<'ok' | 'timed-out'> };
}
