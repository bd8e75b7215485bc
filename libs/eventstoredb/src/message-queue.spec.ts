import { MessageQueue } from './message-queue';

describe('MessageQueue', () => {
  it('hands pushed items to a waiting reader, then buffered ones, then ends', async () => {
    const queue = new MessageQueue<number>(() => Promise.resolve());
    const iterator = queue[Symbol.asyncIterator]();
    const waiting = iterator.next();
    queue.push(1);
    queue.push(2);
    queue.end();
    expect(await waiting).toEqual({ value: 1, done: false });
    expect(await iterator.next()).toEqual({ value: 2, done: false });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('rejects a reader once failed, after what was buffered', async () => {
    const queue = new MessageQueue<number>(() => Promise.resolve());
    const iterator = queue[Symbol.asyncIterator]();
    queue.push(1);
    queue.fail(new Error('gone'));
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    await expect(iterator.next()).rejects.toThrow('gone');
  });

  it('calls onReturn when the reader leaves early, and reports its size', async () => {
    const sizes: number[] = [];
    let returned = false;
    const queue = new MessageQueue<number>(
      () => {
        returned = true;
        return Promise.resolve();
      },
      (size) => sizes.push(size),
    );
    queue.push(1);
    queue.push(2);
    for await (const item of queue) if (item === 1) break;
    expect(returned).toBe(true);
    expect(sizes).toEqual([1, 2, 1]);
  });
});
