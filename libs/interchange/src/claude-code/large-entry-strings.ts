import type { JsonObject, JsonValue } from '@agent-ledger/messages';

/** A string of an entry, where it sits: `entries[entry]` at `path`. */
export interface EntryString {
  entry: number;
  path: Array<string | number>;
  value: string;
}

/**
 * The strings of `entries` longer than `thresholdBytes` of UTF-8 (a 5 MB tool result inside a
 * Claude Code entry), each with its place, in entry order and depth first. Object keys are never
 * taken, only values.
 */
export function largeEntryStrings(
  entries: readonly JsonObject[],
  thresholdBytes: number,
): EntryString[] {
  const found: EntryString[] = [];
  const visit = (value: JsonValue | undefined, entry: number, path: Array<string | number>) => {
    if (typeof value === 'string') {
      // UTF-8 takes at most 3 bytes per UTF-16 unit: a string a third as long cannot pass.
      if (value.length * 3 > thresholdBytes && Buffer.byteLength(value) > thresholdBytes) {
        found.push({ entry, path, value });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, entry, [...path, index]));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, entry, [...path, key]);
    }
  };
  entries.forEach((entry, index) => visit(entry, index, []));
  return found;
}
