import { derivedOnce, freezeDeep } from './derived-once';

describe('derivedOnce', () => {
  it('makes the copy of a frozen value once per key, frozen', () => {
    const source = freezeDeep({ id: 'm1', content: [{ type: 'text', text: 'hi' }] });
    let made = 0;
    const derive = (value: typeof source) => {
      made += 1;
      return { ...value, metadata: { pruned: true } };
    };
    const first = derivedOnce(source, 'pruned', derive);
    expect(derivedOnce(source, 'pruned', derive)).toBe(first);
    expect(made).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.metadata)).toBe(true);
    // The source's own objects were frozen already: shared, not copied.
    expect(first.content).toBe(source.content);
    const other = derivedOnce(source, 'other', derive);
    expect(other).not.toBe(first);
    expect(made).toBe(2);
    // Both keys stay remembered, the first and those after it.
    expect(derivedOnce(source, 'other', derive)).toBe(other);
    expect(derivedOnce(source, 'pruned', derive)).toBe(first);
    expect(made).toBe(2);
  });

  it('freezes every own object under a value, arrays included, and skips frozen ones', () => {
    const shared = Object.freeze({ kept: ['as', 'is'] });
    const value = freezeDeep({ list: [{ a: 1 }, [{ b: 2 }]], shared, text: 'x' });
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen((value.list[1] as Array<{ b: number }>)[0])).toBe(true);
    // Already frozen: left as it was, its inner array included.
    expect(Object.isFrozen(shared.kept)).toBe(false);
  });

  it('never remembers a copy of a value that could still change', () => {
    const source = { id: 'm1', text: 'before' };
    const derive = (value: typeof source) => ({ text: value.text });
    expect(derivedOnce(source, 'k', derive)).toEqual({ text: 'before' });
    source.text = 'after';
    const again = derivedOnce(source, 'k', derive);
    expect(again).toEqual({ text: 'after' });
    expect(Object.isFrozen(again)).toBe(false);
  });
});
