/**
 * Copies derived from frozen values, made once per value and key. Replaying a log the session
 * log cache holds (its events are deep-frozen) then gives the same objects for the same messages
 * on every request, which is what lets the projections reuse their work by identity. A value that
 * is not frozen could change after the copy was made, so it is never remembered: the copy is
 * made afresh each time. Remembered copies are frozen themselves (their new objects, deeply).
 */
const copies = new WeakMap<object, Map<string, unknown>>();

export function derivedOnce<Source extends object, Copy>(
  source: Source,
  key: string,
  derive: (source: Source) => Copy,
): Copy {
  if (!Object.isFrozen(source)) return derive(source);
  let byKey = copies.get(source);
  if (byKey === undefined) {
    byKey = new Map();
    copies.set(source, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as Copy;
  const copy = freezeDeep(derive(source));
  byKey.set(key, copy);
  return copy;
}

/** Freezes `value` and every object under it that is not frozen yet (frozen ones are skipped). */
export function freezeDeep<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) freezeDeep(child);
  return value;
}
