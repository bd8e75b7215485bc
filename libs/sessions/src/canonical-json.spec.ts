import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

/** The same value with its object keys in reverse order, at every level. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, entry]) => [key, reversedKeys(entry)]),
  );
}

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: [{ d: 1, c: null }, 'x'], a: undefined, é: true })).toEqual(
      '{"b":[{"c":null,"d":1},"x"],"é":true}',
    );
  });

  it('sorts keys by UTF-16 code units and writes an undefined array item as null', () => {
    expect(canonicalJson({ b: 1, B: 2, '😀': 3, ｚ: 4, '': [undefined, 1] })).toEqual(
      // '😀' starts with the surrogate U+D83D, below 'ｚ' (U+FF5A) though above it in code points.
      '{"":[null,1],"B":2,"b":1,"😀":3,"ｚ":4}',
    );
  });

  it('is JSON of the same value, whatever order its keys come in', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        // What JSON holds of the value (JSON has no -0: it reads back as 0).
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversedKeys(value))).toBe(text);
      }),
    );
  });
});
