/**
 * A push-pull queue that one consumer reads with `for await`: producers `push`, `end` or `fail`
 * it; leaving the loop early calls `onReturn`. `onSizeChange` lets a producer pause and resume
 * its source when the consumer falls behind.
 */
export class MessageQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private readonly waiting: Array<{
    resolve: (result: IteratorResult<T>) => void;
    reject: (error: unknown) => void;
  }> = [];
  private finished = false;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly onReturn: () => Promise<void>,
    private readonly onSizeChange: (size: number) => void = () => undefined,
  ) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.finished) return;
    const waiter = this.waiting.shift();
    if (waiter !== undefined) {
      waiter.resolve({ value: item, done: false });
      return;
    }
    this.items.push(item);
    this.onSizeChange(this.items.length);
  }

  end(): void {
    this.finished = true;
    for (const waiter of this.waiting.splice(0)) waiter.resolve({ value: undefined, done: true });
  }

  fail(error: unknown): void {
    if (this.finished) return;
    this.failure = { error };
    this.finished = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => this.next(),
      return: async () => {
        await this.onReturn();
        return { value: undefined, done: true };
      },
    };
  }

  private next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) {
      const value = this.items.shift() as T;
      this.onSizeChange(this.items.length);
      return Promise.resolve({ value, done: false });
    }
    // The failure is whatever the producer failed with, passed on as is.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    if (this.failure !== undefined) return Promise.reject(this.failure.error);
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }
}
