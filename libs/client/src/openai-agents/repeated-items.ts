import type { JsonValue } from '../contract/json-value';
import { itemToJson } from './item-json';

/** An item on a session's line, and the runtime message that holds it. */
export interface LineItem<Item = unknown> {
  messageId: string;
  item: Item;
}

/**
 * For each item of a compaction's replacement, the message of `line` it repeats, if any: an item
 * equal (as JSON, whatever the order of its keys) to one of the line's items, matched one to one
 * and in order, as OpenAI's compaction keeps items it does not compact. `undefined`: a new item.
 */
export function repeatedItems(
  replacement: readonly unknown[],
  line: readonly LineItem[],
): Array<string | undefined> {
  const keys = line.map((entry) => keyOf(entry.item));
  let from = 0;
  return replacement.map((item) => {
    const key = keyOf(item);
    const index = keys.indexOf(key, from);
    if (index < 0) return undefined;
    from = index + 1;
    return line[index]?.messageId;
  });
}

function keyOf(item: unknown): string {
  return JSON.stringify(sorted(itemToJson(item)));
}

function sorted(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const result: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) {
    const entry = value[key];
    if (entry !== undefined) result[key] = sorted(entry);
  }
  return result;
}
