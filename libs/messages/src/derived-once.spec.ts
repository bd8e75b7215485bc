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
    expect(derivedOnce(source, 'other', derive)).not.toBe(first);
    expect(made).toBe(2);
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
