/**
 * Copies derived from frozen values, made once per value and key. Replaying a log the session
 * log cache holds (its events are deep-frozen) then gives the same objects for the same messages
 * on every request, which is what lets the projections reuse their work by identity. A value that
 * is not frozen could change after the copy was made, so it is never remembered: the copy is
 * made afresh each time. Remembered copies are frozen themselves (their new objects, deeply).
 */
const copies = new WeakMap<object, Remembered>();

/**
 * The copies of one value: the first key's inline (most values have one), any others in a map,
 * so that remembering a copy allocates no map for most values.
 */
interface Remembered {
  key: string;
  copy: unknown;
  others?: Map<string, unknown>;
}

export function derivedOnce<Source extends object, Copy>(
  source: Source,
  key: string,
  derive: (source: Source) => Copy,
): Copy {
  if (!Object.isFrozen(source)) return derive(source);
  const remembered = copies.get(source);
  if (remembered !== undefined) {
    if (remembered.key === key) return remembered.copy as Copy;
    if (remembered.others?.has(key) === true) return remembered.others.get(key) as Copy;
  }
  const copy = freezeDeep(derive(source));
  // Looked up again: `derive` may have remembered another copy of the same value meanwhile.
  const now = copies.get(source);
  if (now === undefined) copies.set(source, { key, copy });
  else (now.others ??= new Map()).set(key, copy);
  return copy;
}

/** Freezes `value` and every object under it that is not frozen yet (frozen ones are skipped). */
export function freezeDeep<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) freezeDeep(value[index]);
  } else {
    // Own enumerable properties, as `Object.values` gives them, without building its array.
    for (const key in value) {
      if (Object.hasOwn(value, key)) freezeDeep(value[key]);
    }
  }
  return value;
}
