import { hash } from 'node:crypto';
import fc from 'fast-check';
import { messageRowChecksum, type MessageRowValues } from './row-checksum';

/** The checksum as first written: the SHA-1 of the columns joined, read as 48 bits. */
function joinedChecksum(row: MessageRowValues): number {
  const text = [
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
  ].join('\u0001');
  return parseInt(hash('sha1', text, 'hex').slice(0, 12), 16);
}

const row = (
  message: string,
  exportEntry: string | null,
  recorded: string | null,
): MessageRowValues => ({
  session_id: 's1',
  seq: 7,
  id: 'r1',
  recorded_id: null,
  recorded,
  copy_of: null,
  revision: 12,
  changed_revision: 12,
  kind: 'tool_result',
  message,
  in_transcript: 1,
  export_state: 0,
  export_redactions: 0,
  export_entry: exportEntry,
});

describe('messageRowChecksum', () => {
  it('is the checksum rows were written with, for small rows and for rows hashed column by column', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(fc.string(), { nil: null }),
        fc.option(fc.string(), { nil: null }),
        (text, repeat, exportEntry, recorded) => {
          const message = `{"text":${JSON.stringify(text)},"pad":"${'é'.repeat(repeat)}"}`;
          const values = row(message, exportEntry, recorded);
          expect(messageRowChecksum(values)).toBe(joinedChecksum(values));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('changes when one character of a large row changes', () => {
    const message = `{"text":"${'a'.repeat(300_000)}"}`;
    const changed = `{"text":"${'a'.repeat(150_000)}b${'a'.repeat(149_999)}"}`;
    expect(messageRowChecksum(row(changed, null, null))).not.toBe(
      messageRowChecksum(row(message, null, null)),
    );
  });
});
