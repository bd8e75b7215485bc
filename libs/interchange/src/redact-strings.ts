import { isIdKey, isNonDataUrl, redactId } from '@agent-ledger/projections';

/** Keys whose string values are binary payloads (base64, data URLs): not redacted unless a URL. */
const BINARY_KEYS = new Set(['image', 'data', 'url', 'uri']);

/**
 * Every string of a JSON value passed through `redact` (an export policy's redaction), except
 * binary payloads, which a text pattern would only corrupt (a URL in their place is redacted as
 * text: it can carry a credential). An id (`id`, `toolCallId`, `sessionId`, the items of
 * `sourceMessageIds`…) that `redact` would change becomes its stable placeholder (`redactId`),
 * so that references still line up. Returns a copy.
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
    if (key !== undefined && isIdKey(key)) return { copy: redactId(value, redact), frozen: true };
    const kept =
      (key !== undefined && BINARY_KEYS.has(key) && !isNonDataUrl(value)) ||
      value.startsWith('data:');
    return { copy: kept ? value : redact(value), frozen: true };
  }
  if (typeof value !== 'object' || value === null) return { copy: value, frozen: true };
  if (Array.isArray(value) && key !== undefined && isIdKey(key)) {
    // A list of ids: its copy depends on its key, so it is not remembered on its own.
    const items = value.map((item: unknown) => walked(item, redact, key));
    const frozen = Object.isFrozen(value) && items.every((item) => item.frozen);
    const copy = items.map((item) => item.copy);
    return { copy: frozen ? Object.freeze(copy) : copy, frozen };
  }
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
