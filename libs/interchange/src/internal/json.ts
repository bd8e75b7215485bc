import type { JsonObject, JsonValue } from '@agent-ledger/messages';

/** A JSON object read from a source (still unchecked field by field). */
export type Record_ = { readonly [key: string]: unknown };

export function isRecord(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `value` as JSON (it came from JSON, so only `undefined` members need dropping). */
export function jsonOf(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(jsonOf);
  if (isRecord(value)) return jsonObjectOf(value);
  return null;
}

export function jsonObjectOf(value: Record_): JsonObject {
  const object: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined) object[key] = jsonOf(member);
  }
  return object;
}

/** An ISO-8601 time from a string or epoch milliseconds; `fallback` otherwise. */
export function isoTimeOf(value: unknown, fallback: string): string {
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
    return new Date(value).toISOString();
  }
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  return fallback;
}

/** `{ key: value }` when value is defined, `{}` otherwise (for exact optional properties). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
