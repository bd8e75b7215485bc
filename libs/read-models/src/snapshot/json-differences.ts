import { jsonEqual } from './json-equal';

/**
 * Where two JSON-like values differ, as readable paths (`transcript.messages[3].compactedAt:
 * expected "2026-…", found undefined`). Object key order does not matter and an `undefined`
 * member counts as absent, as after a round trip through JSON. Empty when they are equal.
 */
export function jsonDifferences(expected: unknown, actual: unknown, path = '$'): string[] {
  // Equal values (the common case) cost one walk that allocates nothing.
  if (jsonEqual(expected, actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    const differences: string[] = [];
    for (let index = 0; index < length; index += 1) {
      differences.push(...jsonDifferences(expected[index], actual[index], `${path}[${index}]`));
    }
    return differences;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys]
      .sort()
      .flatMap((key) => jsonDifferences(expected[key], actual[key], `${path}.${key}`));
  }
  return [`${path}: expected ${show(expected)}, found ${show(actual)}`];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
