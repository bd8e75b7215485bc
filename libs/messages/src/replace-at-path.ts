import type { JsonPathStep, JsonValue } from './content-parts';

/**
 * `value` with the value `path` leads to replaced by `replacement`, copying only the objects and
 * arrays along the path (the rest is shared); `value` unchanged when the path leads nowhere.
 * Pure: `value` is never written to.
 */
export function replaceAtPath(
  value: JsonValue,
  path: readonly JsonPathStep[],
  replacement: JsonValue,
): JsonValue {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if (Array.isArray(value)) {
    if (typeof step !== 'number' || step >= value.length) return value;
    const copy = [...value];
    copy[step] = replaceAtPath(value[step] ?? null, rest, replacement);
    return copy;
  }
  if (value === null || typeof value !== 'object' || typeof step !== 'string') return value;
  if (!Object.hasOwn(value, step)) return value;
  return { ...value, [step]: replaceAtPath(value[step] ?? null, rest, replacement) };
}
