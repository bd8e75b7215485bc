import { KeyedMutex } from './keyed-mutex';

describe('KeyedMutex', () => {
  it('runs tasks of one key one after the other, even when one fails', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      mutex.runExclusive('s1', task('first', true)),
      mutex.runExclusive('s1', task('second')),
      mutex.runExclusive('s2', task('other')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.filter((line) => !line.startsWith('other'))).toEqual([
      'first start',
      'first end',
      'second start',
      'second end',
    ]);
    expect(log.indexOf('other start')).toBeLessThan(log.indexOf('first end'));
  });
});
