import type { JsonPathStep, JsonValue } from './content-parts';

/**
 * The value `path` leads to in `value` (object keys, array indices; empty: `value` itself), or
 * `undefined` when it leads nowhere. Only own keys count.
 */
export function valueAtPath(
  value: JsonValue,
  path: readonly JsonPathStep[],
): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const step of path) {
    if (typeof step === 'number') {
      current = Array.isArray(current) ? current[step] : undefined;
    } else {
      current =
        current !== null &&
        typeof current === 'object' &&
        !Array.isArray(current) &&
        Object.hasOwn(current, step)
          ? current[step]
          : undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}
