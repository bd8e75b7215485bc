import { sameJson } from './same-json';

describe('sameJson', () => {
  it.each([
    [{ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: null }, false],
    [[1, 2], [2, 1], false],
    [{ a: [1] }, { a: { 0: 1 } }, false],
    ['x', 'x', true],
    [null, {}, false],
  ])('%j vs %j: %s', (left, right, expected) => {
    expect(sameJson(left, right)).toBe(expected);
  });
});
