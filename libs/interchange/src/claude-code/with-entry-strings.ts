import type { JsonObject, JsonValue } from '@agent-ledger/messages';
import type { EntryString } from './large-entry-strings';

/**
 * `entries` with each of `strings` put at its place (a copy along each path; the rest shared):
 * with `''` to take large strings out before an event keeps the entries, with the blobs' text to
 * restore them when the entries are read. A place that does not exist in the entry is left alone.
 */
export function withEntryStrings(
  entries: readonly JsonObject[],
  strings: readonly EntryString[],
): JsonObject[] {
  const result = [...entries];
  for (const { entry, path, value } of strings) {
    const target = result[entry];
    if (target === undefined) continue;
    const replaced = replaceAt(target, path, value);
    if (isObject(replaced)) result[entry] = replaced;
  }
  return result;
}

function replaceAt(
  node: JsonValue,
  path: ReadonlyArray<string | number>,
  value: string,
): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return typeof node === 'string' ? value : node;
  if (Array.isArray(node) && typeof head === 'number' && head < node.length) {
    const copy = [...node];
    copy[head] = replaceAt(node[head] ?? null, rest, value);
    return copy;
  }
  if (isObject(node) && typeof head === 'string' && Object.hasOwn(node, head)) {
    return { ...node, [head]: replaceAt(node[head] ?? null, rest, value) };
  }
  return node;
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
