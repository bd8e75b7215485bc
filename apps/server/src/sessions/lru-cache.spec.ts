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
});
