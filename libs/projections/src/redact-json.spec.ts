import fc from 'fast-check';
import { redactJson } from './redact-json';

const upperX = (text: string): string => text.replaceAll('x', 'X');

describe('redactJson', () => {
  it('returns a value in which nothing changed as it is, not a copy', () => {
    const value = { type: 'json', value: { list: ['a', 1, null, { deep: 'b' }] } };
    expect(redactJson(value, upperX)).toBe(value);
  });

  it('copies only the arrays and objects holding a changed string, keys in their order', () => {
    const kept = { deep: 'b' };
    const value = { z: 'x', a: [kept, 'x'], m: kept, 1: 'one' };
    const redacted = redactJson(value, upperX);
    expect(JSON.stringify(redacted)).toBe(
      '{"1":"one","z":"X","a":[{"deep":"b"},"X"],"m":{"deep":"b"}}',
    );
    expect(redacted.m).toBe(kept);
    expect(redacted.a[0]).toBe(kept);
    expect(value).toEqual({ z: 'x', a: [{ deep: 'b' }, 'x'], m: { deep: 'b' }, 1: 'one' });
  });

  it('keeps a `__proto__` key of parsed JSON as the copy own key', () => {
    const value = JSON.parse('{"__proto__":"x","b":"x"}') as Record<string, string>;
    const redacted = redactJson(value, upperX);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":"X","b":"X"}');
  });

  it('gives every JSON value the JSON a full copy through the hook would give', () => {
    // The copy `redactJson` made before it kept unchanged values: every string through the hook.
    const copyThrough = (value: unknown, hook: (text: string) => string): unknown => {
      if (typeof value === 'string') return hook(value);
      if (Array.isArray(value)) return value.map((item) => copyThrough(item, hook));
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, field]) => [key, copyThrough(field, hook)]),
      );
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.stringify(redactJson(value, upperX))).toBe(
          JSON.stringify(copyThrough(value, upperX)),
        );
      }),
    );
  });
});
