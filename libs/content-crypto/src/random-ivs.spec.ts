import { RandomIvs } from './random-ivs';

describe('RandomIvs', () => {
  it('hands out 12-byte IVs, none twice, across refills of its pool', () => {
    const ivs = new RandomIvs();
    const seen = new Set<string>();
    for (let index = 0; index < 2000; index += 1) {
      const iv = ivs.take();
      expect(iv).toHaveLength(12);
      seen.add(iv.toString('hex'));
    }
    expect(seen.size).toBe(2000);
  });

  it('gives copies: changing one changes no other', () => {
    const ivs = new RandomIvs();
    const first = ivs.take();
    const copy = Buffer.from(first);
    ivs.take().fill(0);
    expect(first).toEqual(copy);
  });
});
