import type { JsonObject, JsonValue } from '@agent-ledger/messages';
import { NonJsonValueError } from '../errors';

/**
 * Checks that `value` is JSON and returns it typed as such. Object properties that are
 * `undefined` are left out (as `JSON.stringify` does); anything else that is not JSON throws
 * `NonJsonValueError` naming `path`.
 */
export function toJsonValue(value: unknown, path: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NonJsonValueError(path, String(value));
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) => toJsonValue(item, `${path}[${index}]`));
  }
  if (typeof value === 'object' && isPlainObject(value)) return toJsonObject(value, path);
  throw new NonJsonValueError(path, describeType(value));
}

/** `toJsonValue` for a plain object. */
export function toJsonObject(value: object, path: string): JsonObject {
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) result[key] = toJsonValue(item, `${path}.${key}`);
  }
  return result;
}

/** An object whose prototype is `null` or a realm's `Object.prototype` (values may come from another realm). */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return (
    prototype === null ||
    (typeof prototype === 'object' && Object.getPrototypeOf(prototype) === null)
  );
}

function describeType(value: unknown): string {
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'object';
  return typeof value;
}
