import { createHash, hash } from 'node:crypto';

/** Every column of an `rm_messages` row but its checksum, as SQLite stores and returns them. */
export interface MessageRowValues {
  session_id: string;
  seq: number;
  id: string;
  recorded_id: string | null;
  recorded: string | null;
  copy_of: string | null;
  revision: number;
  changed_revision: number;
  kind: string;
  message: string;
  in_transcript: number;
  export_state: number;
  export_redactions: number;
  export_entry: string | null;
}

/**
 * The columns {@link messageRowChecksum} covers, in its order: what a reader selects to check a
 * row. The JSON columns are stored packed (`packText`) and read back as text (`rm_unpack`).
 */
export const CHECKED_MESSAGE_COLUMNS =
  'session_id, seq, id, recorded_id, rm_unpack(recorded) AS recorded, copy_of, revision, changed_revision, kind, rm_unpack(message) AS message, in_transcript, export_state, export_redactions, rm_unpack(export_entry) AS export_entry, checksum';

/**
 * The checksum of an `rm_messages` row: the first 48 bits of the SHA-1 of every other column,
 * written with the row (same statement) and compared whenever a reader or the sweep reads it, so
 * that a value changed behind the handler's back (a bad disk, a stray `UPDATE`) is found, not
 * served. A changed `null` and a changed separator are told apart (`\u0001` never occurs in the
 * JSON columns, `\u0002` stands for `null`). Not a defence against someone who can write the
 * file: they can write the checksum too. About 1–2 µs per row of a kilobyte.
 */
export function messageRowChecksum(row: MessageRowValues): number {
  const values = [
    row.session_id,
    row.seq,
    row.id,
    row.recorded_id ?? '\u0002',
    row.recorded ?? '\u0002',
    row.copy_of ?? '\u0002',
    row.revision,
    row.changed_revision,
    row.kind,
    row.message,
    row.in_transcript,
    row.export_state,
    row.export_redactions,
    row.export_entry ?? '\u0002',
  ];
  return parseInt(digestOfJoined(values).slice(0, 12), 16);
}

/**
 * Rows whose JSON columns hold more than this many characters are hashed column by column rather
 * than joined first: the same digest, without a copy of a large row (a 500 KB tool result is in
 * both `message` and `export_entry`) made only to be hashed and dropped at every read.
 */
const JOIN_BELOW_CHARS = 64 * 1024;

/** The hex SHA-1 of `values` joined with `\u0001`, as `Array.prototype.join` writes them. */
function digestOfJoined(values: ReadonlyArray<string | number>): string {
  const chars = values.reduce<number>(
    (sum, value) => sum + (typeof value === 'string' ? value.length : 0),
    0,
  );
  if (chars < JOIN_BELOW_CHARS) return hash('sha1', values.join('\u0001'), 'hex');
  const digest = createHash('sha1');
  values.forEach((value, index) => {
    if (index > 0) digest.update('\u0001');
    digest.update(String(value));
  });
  return digest.digest('hex');
}

/** Whether a row read back with its `checksum` column still holds what was written. */
export function messageRowIntact(row: MessageRowValues & { checksum: number }): boolean {
  return row.checksum === messageRowChecksum(row);
}
