/**
 * Whether `text`, JSON read back from a read-model table, is `value` written with
 * `JSON.stringify`, and `JSON.parse(text)` would rebuild `value` exactly: the same own keys in the
 * same order, the same primitives (`Object.is`), plain objects and dense arrays. Then any function
 * of the parsed value returns what it returns for `value`, so `verify` can compare the text and
 * skip the parse and the deep comparison.
 *
 * The rule that makes it exact: `value` must survive the round trip. A string always does (lone
 * surrogates are escaped and restored), as do booleans, `null` and finite numbers other than `-0`
 * (printed in the shortest form that reads back as the same double); keys come back in the order
 * they were written, which is V8's own order (integer keys first). What does not survive makes it
 * `false`, never a guess: `undefined`, functions, symbols and bigints anywhere, `NaN`, `±Infinity`,
 * `-0`, holes in arrays, objects other than plain ones (a `Date`, a class instance, a null
 * prototype). `false` only means "not proven equal": the caller then compares the parsed value.
 */
export function storedJsonIs(text: string, value: unknown): boolean {
  return survivesJson(value) && JSON.stringify(value) === text;
}

function survivesJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let index = 0; index < value.length; index += 1) {
          if (!(index in value) || !survivesJson(value[index])) return false;
        }
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) return false;
        if (!survivesJson((value as Record<string, unknown>)[key])) return false;
      }
      return true;
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      return false;
  }
}
