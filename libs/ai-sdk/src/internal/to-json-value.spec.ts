import { NonJsonValueError } from '../errors';
import { toJsonValue } from './to-json-value';

describe('toJsonValue', () => {
  it('returns JSON unchanged, without undefined properties', () => {
    expect(toJsonValue({ a: [1, 'two', null, true, { b: undefined, c: {} }] }, 'input')).toEqual({
      a: [1, 'two', null, true, { c: {} }],
    });
    expect(toJsonValue(Object.assign(Object.create(null) as object, { x: 1 }), 'input')).toEqual({
      x: 1,
    });
  });

  it.each([
    [{ n: Number.NaN }, 'input.n', 'NaN'],
    [{ n: [1, Infinity] }, 'input.n[1]', 'Infinity'],
    [{ big: 10n }, 'input.big', 'bigint'],
    [{ run: () => 1 }, 'input.run', 'function'],
    [{ bytes: new Uint8Array([1]) }, 'input.bytes', 'Uint8Array'],
    [{ list: [undefined] }, 'input.list[0]', 'undefined'],
  ])('throws NonJsonValueError naming the path of %p', (value, path, valueType) => {
    expect(() => toJsonValue(value, 'input')).toThrow(new NonJsonValueError(path, valueType));
    let thrown: unknown;
    try {
      toJsonValue(value, 'input');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NonJsonValueError);
    expect(thrown).toMatchObject({
      name: 'NonJsonValueError',
      code: 'NonJsonValue',
      path,
      valueType,
    });
  });
});
