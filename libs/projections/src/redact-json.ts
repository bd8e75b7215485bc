import { isNonDataUrl } from './redact-id';

/** Fields that hold binary payloads (base64 or URLs), by part type: never passed to the hook. */
const BINARY_FIELDS: ReadonlyMap<string, string> = new Map([
  ['image', 'image'],
  ['file', 'data'],
  ['media', 'data'],
]);

/**
 * Passes every string of a JSON value through `redactText`, with the name of the property holding
 * it when there is one. Object keys are kept; the binary payload of image, file and media parts is
 * left untouched (redacting base64 would only corrupt it), unless it is a URL (not `data:`).
 *
 * An array or object in which `redactText` changed nothing is returned as it is, not copied (JSON
 * values are not changed in place here, so a copy would only be the same JSON again); one where
 * it changed a string is a new array or plain object with the same keys in the same order.
 */
export function redactJson<T>(value: T, redactText: (text: string, key?: string) => string): T {
  // The walk maps strings to strings and keeps every other value's shape, so the result is a T.
  return walk(value, redactText, undefined) as T;
}

function walk(
  value: unknown,
  redactText: (text: string, key?: string) => string,
  key: string | undefined,
): unknown {
  if (typeof value === 'string') return redactText(value, key);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return walkArray(value, redactText);
  const type: unknown = 'type' in value ? value.type : undefined;
  const binaryField = typeof type === 'string' ? BINARY_FIELDS.get(type) : undefined;
  const names = Object.keys(value);
  const fields = value as Record<string, unknown>;
  // The walked fields, kept only from the first one the walk changed.
  let walked: unknown[] | undefined;
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index]!;
    const field = fields[name];
    // A URL in a binary field is text, and may carry a credential (`https://u:p@…`, `?token=`).
    const binary = name === binaryField && !(typeof field === 'string' && isNonDataUrl(field));
    const result = binary ? field : walk(field, redactText, name);
    if (walked === undefined && result !== field) {
      walked = names.slice(0, index).map((unchanged) => fields[unchanged]);
    }
    walked?.push(result);
  }
  if (walked === undefined) return value;
  const changed = walked;
  // `fromEntries` defines each key as the object's own, `__proto__` included.
  return Object.fromEntries(names.map((name, index) => [name, changed[index]]));
}

function walkArray(
  items: readonly unknown[],
  redactText: (text: string, key?: string) => string,
): readonly unknown[] {
  let walked: unknown[] | undefined;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    const result = walk(item, redactText, undefined);
    if (walked === undefined && result !== item) walked = items.slice(0, index);
    walked?.push(result);
  }
  return walked ?? items;
}
