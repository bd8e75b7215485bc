import type { JsonValue } from '../contract/json-value';
import { runtimeMessageOfItem } from './runtime-message-of-item';

/** An item on a session's line, and the runtime message that holds it. */
export interface LineItem<Item = unknown> {
  messageId: string;
  item: Item;
}

/**
 * For each item of a compaction's replacement, the message of `line` it repeats, if any: an item
 * that means the same as one of the line's items (the same runtime message kind, role and
 * content, whatever the item's id or the order of its keys: OpenAI's compacted output gives a
 * user message back with an id and its text as an `input_text` part), matched one to one and in
 * order, as OpenAI's compaction keeps items it does not compact. A compaction item repeats
 * nothing. `undefined`: a new item.
 */
export function repeatedItems(
  replacement: readonly unknown[],
  line: readonly LineItem[],
): Array<string | undefined> {
  const keys = line.map((entry) => keyOf(entry.item));
  let from = 0;
  return replacement.map((item) => {
    if (isCompactionItem(item)) return undefined;
    const key = keyOf(item);
    const index = keys.indexOf(key, from);
    if (index < 0) return undefined;
    from = index + 1;
    return line[index]?.messageId;
  });
}

/** Whether the item is OpenAI's compaction item. */
export function isCompactionItem(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'type' in item && item.type === 'compaction';
}

/** What the item means: its runtime message's kind, role and content, one text as a part. */
function keyOf(item: unknown): string {
  const { kind, role, content } = runtimeMessageOfItem(item, { id: '', sessionId: '' });
  const parts = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  return JSON.stringify(sorted({ kind, role, content: parts as JsonValue }));
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
