/** A value the readable part holds exactly, in the same place (and key order). */
const COVERED = Symbol('covered');
/** A value that cannot be told from a stand-in (a `0` where the readable part holds another value). */
const AMBIGUOUS = Symbol('ambiguous');

/**
 * What of `payload` is not in `readable` (the fields `ContentPolicy.readableFields` picked of
 * it), such that `mergeReadable(readable, result)` is `payload` again, key order included; or
 * `undefined` when that cannot be said unambiguously (the caller seals the payload another way).
 *
 * At each object level the payload's fields are walked in order. A field the readable part
 * holds with the same value is left out when it belongs to the leading run of such fields and
 * the readable part names that run in the same order (opening puts those fields first, in the
 * readable part's order); further on it stands as `0` in its place. A field of an object or an
 * array (of the same length) the readable part holds in part is subtracted in turn, so nested
 * readable fields (a content part's `type`, `toolCallId`, `toolName`) are not written twice
 * either. A `0` where the readable part holds another value would read as a stand-in: ambiguous.
 */
export function subtractReadable(
  payload: Record<string, unknown>,
  readable: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const subtracted = subtractObject(payload, readable);
  if (subtracted === AMBIGUOUS) return undefined;
  return subtracted === COVERED ? {} : subtracted;
}

/**
 * `payload` from the `readable` part and what {@link subtractReadable} left of it: the readable
 * fields left out first (in the readable part's order), then each field of `rest` in its order,
 * a `0` standing for the readable value, an object or array the readable part also holds merged
 * with it.
 */
export function mergeReadable(
  readable: Record<string, unknown>,
  rest: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const field of Object.keys(readable)) {
    if (!Object.hasOwn(rest, field)) put(merged, field, readable[field]);
  }
  for (const field of Object.keys(rest)) {
    const value = rest[field];
    put(merged, field, Object.hasOwn(readable, field) ? mergeValue(value, readable[field]) : value);
  }
  return merged;
}

function mergeValue(value: unknown, readable: unknown): unknown {
  if (value === 0) return readable;
  if (isPlainObject(value) && isPlainObject(readable)) return mergeReadable(readable, value);
  if (Array.isArray(value) && Array.isArray(readable) && value.length === readable.length) {
    return value.map((item: unknown, index) => mergeValue(item, readable[index]));
  }
  return value;
}

/** The rest of `value` (`COVERED`, `AMBIGUOUS` or what to store), as `subtractObject` says. */
function subtractValue(value: unknown, readable: unknown): unknown {
  if (value === readable) return value === undefined ? AMBIGUOUS : COVERED;
  if (isPlainObject(value) && isPlainObject(readable)) return subtractObject(value, readable);
  if (Array.isArray(value) && Array.isArray(readable) && value.length === readable.length) {
    const rest: unknown[] = [];
    let covered = true;
    for (const [index, item] of value.entries()) {
      const subtracted: unknown = subtractValue(item, readable[index]);
      if (subtracted === AMBIGUOUS) return AMBIGUOUS;
      if (subtracted === COVERED) rest.push(0);
      else {
        covered = false;
        rest.push(subtracted);
      }
    }
    return covered ? COVERED : rest;
  }
  // A 0 here would open as the readable value; undefined (in an array) as null.
  return value === 0 || value === undefined ? AMBIGUOUS : value;
}

function subtractObject(
  payload: Record<string, unknown>,
  readable: Record<string, unknown>,
): Record<string, unknown> | typeof COVERED | typeof AMBIGUOUS {
  const readableFields = Object.keys(readable);
  // Opening puts every readable field back: each must be the payload's.
  for (const field of readableFields) {
    if (!Object.hasOwn(payload, field) || payload[field] === undefined) return AMBIGUOUS;
  }
  const fields: string[] = [];
  const values: unknown[] = [];
  let leading = 0;
  for (const field of Object.keys(payload)) {
    const value = payload[field];
    if (value === undefined) continue;
    let subtracted: unknown = value;
    if (Object.hasOwn(readable, field)) {
      subtracted = subtractValue(value, readable[field]);
      if (subtracted === AMBIGUOUS) return AMBIGUOUS;
    }
    if (subtracted === COVERED && leading === fields.length) leading += 1;
    fields.push(field);
    values.push(subtracted);
  }
  // The leading covered fields may be left out only if the readable part names them in the same
  // order, each before any other readable field (opening puts them first, in its order).
  let omitted = 0;
  while (omitted < leading && readableFields[omitted] === fields[omitted]) omitted += 1;
  if (omitted === fields.length && omitted === readableFields.length) return COVERED;
  const rest: Record<string, unknown> = {};
  for (let index = omitted; index < fields.length; index += 1) {
    const value = values[index];
    put(rest, fields[index] ?? '', value === COVERED ? 0 : value);
  }
  return rest;
}

/** Sets a field, `__proto__` included (as an own field, as `JSON.parse` makes it). */
function put(target: Record<string, unknown>, field: string, value: unknown): void {
  if (field === '__proto__') {
    Object.defineProperty(target, field, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[field] = value;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
