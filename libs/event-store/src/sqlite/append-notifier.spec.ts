import { AppendNotifier, AppendSignal } from './append-notifier';

describe('AppendNotifier', () => {
  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false;
    void promise.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('returns at once when an append came after the version a reader saw', async () => {
    const notifier = new AppendNotifier();
    const seen = notifier.version;
    notifier.notify();
    expect(await settled(notifier.waitFor(seen, 60_000))).toBe(true);
  });

  it('wakes a waiter on the next append, and on wakeAll', async () => {
    const notifier = new AppendNotifier();
    const first = notifier.waitFor(notifier.version, 60_000);
    expect(await settled(first)).toBe(false);
    notifier.notify();
    expect(await settled(first)).toBe(true);
    const second = notifier.waitFor(notifier.version, 60_000);
    notifier.wakeAll();
    expect(await settled(second)).toBe(true);
  });

  it('wakes a waiter after the poll interval', async () => {
    jest.useFakeTimers();
    try {
      const notifier = new AppendNotifier();
      const waiting = notifier.waitFor(notifier.version, 250);
      expect(await settled(waiting)).toBe(false);
      jest.advanceTimersByTime(250);
      expect(await settled(waiting)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('AppendNotifier with a shared append signal', () => {
  it("wakes a follower's waiter when the writer's notifier notifies, and not before", async () => {
    const writer = new AppendNotifier();
    const follower = new AppendNotifier(new AppendSignal(writer.share().buffer));
    let woke = false;
    const waiting = follower.waitFor(follower.version, 60_000).then(() => (woke = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woke).toBe(false);
    writer.notify();
    await waiting;
    expect(woke).toBe(true);
  });

  it('returns at once when the writer notified after the version the follower saw', async () => {
    const writer = new AppendNotifier();
    const follower = new AppendNotifier(new AppendSignal(writer.share().buffer));
    const seen = follower.version;
    writer.notify();
    const started = performance.now();
    await follower.waitFor(seen, 60_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
