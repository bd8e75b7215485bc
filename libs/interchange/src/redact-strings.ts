/** Keys whose string values are binary payloads (base64, data URLs): never redacted. */
const BINARY_KEYS = new Set(['image', 'data', 'url', 'uri']);

/**
 * Every string of a JSON value passed through `redact` (an export policy's redaction), except
 * binary payloads, which a text pattern would only corrupt. Returns a copy.
 */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  return walk(value, redact, undefined) as T;
}

function walk(value: unknown, redact: (text: string) => string, key: string | undefined): unknown {
  if (typeof value === 'string') {
    return (key !== undefined && BINARY_KEYS.has(key)) || value.startsWith('data:')
      ? value
      : redact(value);
  }
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, redact, undefined));
  if (typeof value !== 'object' || value === null) return value;
  const blob = 'type' in value && value.type === 'blob';
  return Object.fromEntries(
    Object.entries(value).map(([name, field]: [string, unknown]) => [
      name,
      blob && name === 'content' ? field : walk(field, redact, name),
    ]),
  );
}
