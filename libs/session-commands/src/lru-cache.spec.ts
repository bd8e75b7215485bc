import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('forgets the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toEqual(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([
      1,
      undefined,
      3,
      2,
    ]);
  });

  it('deletes on demand', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.delete('a');
    expect([cache.get('a'), cache.size]).toEqual([undefined, 0]);
  });

  it('hands what it forgets to onEvict, and lists its entries least recently used first', () => {
    const evicted: Array<[string, number]> = [];
    const cache = new LruCache<string, number>(2, (key, value) => evicted.push([key, value]));
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(evicted).toEqual([['b', 2]]);
    expect([...cache]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
  });
});
