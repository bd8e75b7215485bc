import { InvalidImportSourceError } from '../errors';
import { isRecord, type Record_ } from '../internal/json';
import type { ImportNotes } from '../internal/import-notes';

/** One line of a JSONL file, parsed, with its 1-based line number. */
export interface JsonlEntry {
  line: number;
  value: Record_;
}

/**
 * The JSON objects of a JSONL text. Blank lines are ignored; a line that is not a JSON object is
 * skipped and noted, unless no line at all is readable (then the file is not JSONL: an error).
 */
export function parseJsonl(text: string, file: string, notes: ImportNotes): JsonlEntry[] {
  const entries: JsonlEntry[] = [];
  let unreadable = 0;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      value = undefined;
    }
    if (isRecord(value)) {
      entries.push({ line: index + 1, value });
    } else {
      unreadable += 1;
      notes.add('skipped', 'line that is not a JSON object', `${file} line ${index + 1}`);
    }
  });
  if (entries.length === 0 && unreadable > 0) {
    throw new InvalidImportSourceError(
      'no line is a JSON object; a Claude Code session is JSONL, one JSON object per line',
      file,
    );
  }
  return entries;
}
