import fc from 'fast-check';
import { sameJson } from '@agent-ledger/events';
import { jsonEqual } from './json-equal';

/** The same value with every object's keys in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reordered(member)]),
  );
}

describe('jsonEqual', () => {
  it('ignores key order and undefined members, and tells arrays from objects', () => {
    expect(
      jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1, d: undefined }),
    ).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, undefined])).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
  });

  it('agrees with the events lib’s sameJson on any two values, and on a reordered copy', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (left, right) => {
        expect(jsonEqual(left, right)).toBe(sameJson(left, right));
        expect(jsonEqual(left, reordered(left))).toBe(true);
      }),
    );
  });
});
