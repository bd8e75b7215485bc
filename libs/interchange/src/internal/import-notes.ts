import type { ImportNote } from '../import-plan';

const MAX_EXAMPLES = 3;

/** Counts what an importer did, one note per (action, reason), in first-seen order. */
export class ImportNotes {
  private readonly notes = new Map<string, ImportNote>();

  add(action: ImportNote['action'], reason: string, example?: string): void {
    const key = `${action}\u0000${reason}`;
    let note = this.notes.get(key);
    if (note === undefined) {
      note = { action, reason, count: 0, examples: [] };
      this.notes.set(key, note);
    }
    note.count += 1;
    if (example !== undefined && note.examples.length < MAX_EXAMPLES) note.examples.push(example);
  }

  list(): ImportNote[] {
    return [...this.notes.values()].map((note) => ({ ...note, examples: [...note.examples] }));
  }
}
