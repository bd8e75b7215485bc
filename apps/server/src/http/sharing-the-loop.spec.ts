import { sharingTheLoop } from './sharing-the-loop';

/** Chunks that each keep the thread busy for `ms`, as rows read and serialized synchronously do. */
function* busyChunks(count: number, ms: number): Generator<number> {
  for (let index = 0; index < count; index += 1) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // Synchronous work, as reading and serializing a row is.
    }
    yield index;
  }
}

/** The index of the chunk being read when a timer set at the start ran, and all chunks read. */
async function whenATimerRuns(
  body: AsyncIterable<number>,
): Promise<{ ranAt: number; read: number[] }> {
  const read: number[] = [];
  let ranAt = -1;
  const timer = setTimeout(() => {
    ranAt = read.length;
  }, 0);
  for await (const chunk of body) read.push(chunk);
  clearTimeout(timer);
  return { ranAt, read };
}

describe('sharingTheLoop', () => {
  it('lets a timer run while a long synchronous body is read, and loses no chunk', async () => {
    const { ranAt, read } = await whenATimerRuns(sharingTheLoop(busyChunks(40, 2), 10));
    expect(read).toEqual(Array.from({ length: 40 }, (_, index) => index));
    // The loop ran after about 10 ms of chunks (five of 2 ms), long before the 80 ms body ended.
    expect(ranAt).toBeGreaterThan(0);
    expect(ranAt).toBeLessThan(20);
  });

  it('is what makes the difference: the same body read as it comes keeps the loop to the end', async () => {
    // As `for await` reads a synchronous body: one microtask per chunk, no turn of the loop.
    const chunks = busyChunks(40, 2);
    const asItComes: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(chunks.next()) }),
    };
    const { ranAt } = await whenATimerRuns(asItComes);
    expect(ranAt).toBe(-1);
  });

  it('passes an asynchronous body through whole', async () => {
    async function* slow(): AsyncGenerator<string> {
      for (const text of ['a', 'b', 'c']) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield text;
      }
    }
    const read: string[] = [];
    for await (const chunk of sharingTheLoop(slow())) read.push(chunk);
    expect(read).toEqual(['a', 'b', 'c']);
  });
});
