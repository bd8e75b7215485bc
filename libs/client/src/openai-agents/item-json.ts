import type { JsonObject, JsonValue } from '../contract/json-value';

/** The key of the object a `Uint8Array` becomes in a stored item: `{ "$bytes": "<base64>" }`. */
const BYTES_KEY = '$bytes';

/**
 * An OpenAI Agents item as JSON, to keep in a runtime message's `metadata.extra`: the item's
 * `Uint8Array`s (inline image and file data) become `{ "$bytes": "<base64>" }`, `undefined`
 * members are left out (as `JSON.stringify` does); everything else is kept as it is.
 */
export function itemToJson(item: unknown): JsonObject {
  const json = toJson(item);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError('An OpenAI Agents item is an object');
  }
  return json;
}

/** The item `itemToJson` kept, with its `Uint8Array`s back. */
export function itemFromJson(json: JsonValue): unknown {
  if (Array.isArray(json)) return json.map(itemFromJson);
  if (typeof json !== 'object' || json === null) return json;
  const keys = Object.keys(json);
  const bytes = json[BYTES_KEY];
  if (keys.length === 1 && typeof bytes === 'string') {
    return Uint8Array.from(atob(bytes), (character) => character.charCodeAt(0));
  }
  const item: Record<string, unknown> = {};
  for (const key of keys) {
    const value = json[key];
    if (value !== undefined) item[key] = itemFromJson(value);
  }
  return item;
}

function toJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number`);
    return value;
  }
  if (value instanceof Uint8Array) return { [BYTES_KEY]: base64Of(value) };
  if (Array.isArray(value))
    return value.map((entry) => (entry === undefined ? null : toJson(entry)));
  if (typeof value === 'object') {
    const json: JsonObject = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry !== undefined) json[key] = toJson(entry);
    }
    return json;
  }
  throw new TypeError(`A ${typeof value} cannot be kept in an OpenAI Agents item`);
}

// `btoa`/`atob` rather than `Buffer`: the client runs in browsers too.
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
