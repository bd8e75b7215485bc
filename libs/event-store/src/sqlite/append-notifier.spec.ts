import { AppendNotifier } from './append-notifier';

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
