import { rechunk } from './rechunk';

async function* pieces(sizes: number[]): AsyncGenerator<Uint8Array> {
  let next = 0;
  for (const size of sizes) {
    await Promise.resolve();
    yield Uint8Array.from({ length: size }, () => next++ % 256);
  }
}

describe('rechunk', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7], 4],
    [[10], 3],
    [[3, 3, 3], 3],
    [[0, 5, 0], 2],
    [[], 8],
  ])('regroups pieces %j into chunks of %i bytes, the same bytes in order', async (sizes, size) => {
    const chunks: Buffer[] = [];
    for await (const chunk of rechunk(pieces(sizes), size)) chunks.push(chunk);
    const total = sizes.reduce((sum, each) => sum + each, 0);
    expect(chunks.map((chunk) => chunk.length)).toEqual(
      Array.from({ length: Math.ceil(total / size) }, (_, index) =>
        Math.min(size, total - index * size),
      ),
    );
    expect([...Buffer.concat(chunks)]).toEqual(Array.from({ length: total }, (_, i) => i % 256));
  });
});
