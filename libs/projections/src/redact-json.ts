/** Fields that hold binary payloads (base64 or URLs), by part type: never passed to the hook. */
const BINARY_FIELDS: ReadonlyMap<string, string> = new Map([
  ['image', 'image'],
  ['file', 'data'],
  ['media', 'data'],
]);

/**
 * Passes every string of a JSON value through `redactText`, with the name of the property holding
 * it when there is one. Object keys are kept; the binary payload of image, file and media parts is
 * left untouched (redacting base64 would only corrupt it).
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
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, redactText, undefined));
  if (typeof value !== 'object' || value === null) return value;
  const type: unknown = 'type' in value ? value.type : undefined;
  const binaryField = typeof type === 'string' ? BINARY_FIELDS.get(type) : undefined;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]: [string, unknown]) => [
      name,
      name === binaryField ? field : walk(field, redactText, name),
    ]),
  );
}
