/** Keys whose string values are binary payloads (base64, data URLs): never redacted. */
const BINARY_KEYS = new Set(['image', 'data', 'url', 'uri']);

/**
 * Every string of a JSON value passed through `redact` (an export policy's redaction), except
 * binary payloads, which a text pattern would only corrupt. Returns a copy.
 */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  return walked(value, redact, undefined).copy as T;
}

/**
 * Redacted copies of deeply frozen objects and arrays, per redaction: such a value cannot change,
 * so its copy is made once (a view served again, such as the incremental model context, costs the
 * redaction of what is new). The copies are frozen too.
 */
const redactedCopies = new WeakMap<object, WeakMap<(text: string) => string, unknown>>();

/** The redacted copy, and whether `value` is frozen all the way down. */
function walked(
  value: unknown,
  redact: (text: string) => string,
  key: string | undefined,
): { copy: unknown; frozen: boolean } {
  if (typeof value === 'string') {
    const kept = (key !== undefined && BINARY_KEYS.has(key)) || value.startsWith('data:');
    return { copy: kept ? value : redact(value), frozen: true };
  }
  if (typeof value !== 'object' || value === null) return { copy: value, frozen: true };
  const remembered = redactedCopies.get(value);
  if (remembered?.has(redact) === true) return { copy: remembered.get(redact), frozen: true };
  let frozen = Object.isFrozen(value);
  // An object's copy depends on it alone: the key only matters to a string.
  const child = (field: unknown, name: string | undefined): unknown => {
    const result = walked(field, redact, name);
    frozen &&= result.frozen;
    return result.copy;
  };
  const kept = (field: unknown): unknown => {
    frozen &&= typeof field !== 'object' || field === null || Object.isFrozen(field);
    return field;
  };
  const blob = !Array.isArray(value) && 'type' in value && value.type === 'blob';
  const copy = Array.isArray(value)
    ? value.map((item: unknown) => child(item, undefined))
    : Object.fromEntries(
        Object.entries(value).map(([name, field]: [string, unknown]) => [
          name,
          blob && name === 'content' ? kept(field) : child(field, name),
        ]),
      );
  if (!frozen) return { copy, frozen: false };
  // Frozen all the way down: remembered, so the next request for it costs a lookup.
  let byRedaction = remembered;
  if (byRedaction === undefined) {
    byRedaction = new WeakMap();
    redactedCopies.set(value, byRedaction);
  }
  Object.freeze(copy);
  byRedaction.set(redact, copy);
  return { copy, frozen: true };
}
