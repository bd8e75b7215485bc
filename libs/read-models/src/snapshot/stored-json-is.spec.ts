import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { storedJsonIs } from './stored-json-is';

/** The own keys of every object of a value, in order, depth first: the order must survive too. */
function keyOrder(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((key) => [
    key,
    ...keyOrder((value as Record<string, unknown>)[key]),
  ]);
}

describe('storedJsonIs', () => {
  it('holds for any value JSON.parse gives and its own text, which parses back to the same value, keys in order', () => {
    // Round-tripped once: fast-check's JSON values include -0, which JSON reads back as 0.
    const parsedJson = fc.jsonValue().map((value): unknown => JSON.parse(JSON.stringify(value)));
    fc.assert(
      fc.property(parsedJson, (value) => {
        const text = JSON.stringify(value);
        expect(storedJsonIs(text, value)).toBe(true);
        const parsed: unknown = JSON.parse(text);
        expect(isDeepStrictEqual(parsed, value)).toBe(true);
        expect(keyOrder(parsed)).toEqual(keyOrder(value));
      }),
    );
  });

  it('whenever it holds, the text parses back to the value exactly (any value, its own text)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), (value) => {
        let text: string | undefined;
        try {
          text = JSON.stringify(value);
        } catch {
          return; // a bigint: nothing to compare
        }
        if (text === undefined || !storedJsonIs(text, value)) return;
        const parsed: unknown = JSON.parse(text);
        expect(isDeepStrictEqual(parsed, value)).toBe(true);
        expect(keyOrder(parsed)).toEqual(keyOrder(value));
      }),
    );
  });

  it('is false for another text, even an equal value written in another key order', () => {
    expect(storedJsonIs('{"b":2,"a":1}', { a: 1, b: 2 })).toBe(false);
    expect(storedJsonIs('{"a":1}', { a: 2 })).toBe(false);
  });

  it('is false for what JSON does not bring back as it was, even when the text matches', () => {
    expect(storedJsonIs('{}', { a: undefined })).toBe(false);
    expect(storedJsonIs('[null]', [undefined])).toBe(false);
    expect(storedJsonIs('[null]', [Number.NaN])).toBe(false);
    expect(storedJsonIs('0', -0)).toBe(false);
    expect(storedJsonIs('null', Number.POSITIVE_INFINITY)).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    expect(storedJsonIs('[1,null,3]', [1, , 3])).toBe(false);
    const date = new Date(0);
    expect(storedJsonIs(JSON.stringify(date), date)).toBe(false);
    expect(storedJsonIs('{"a":1}', Object.assign(Object.create(null) as object, { a: 1 }))).toBe(
      false,
    );
    expect(storedJsonIs('{}', { f: () => 1 })).toBe(false);
  });

  it('holds for strings with lone surrogates and for numbers JSON prints in exponent form', () => {
    const value = { text: 'a\ud800b', big: 1e21, small: 5e-324, integerKey: { 2: 'x', 1: 'y' } };
    expect(storedJsonIs(JSON.stringify(value), value)).toBe(true);
  });
});
