import { ABSENT_BLOB_RECORD, evolveBlobRecord, type BlobRecord } from './blob-record';

const content = {
  uploadId: 'u1',
  keyId: 'k1',
  size: 10,
  mediaType: 'text/plain',
  chunkSize: 4,
  chunkCount: 3,
};

function fold(events: unknown[]): BlobRecord {
  return events.reduce<BlobRecord>(
    (record, event, revision) => evolveBlobRecord(record, revision, event),
    ABSENT_BLOB_RECORD,
  );
}

describe('evolveBlobRecord', () => {
  it('stores, references, releases and erases', () => {
    const record = fold([
      { type: 'BlobStored', data: { ...content, sessionKey: 'a' } },
      { type: 'BlobReferenced', data: { sessionKey: 'b' } },
      { type: 'BlobReleased', data: { sessionKey: 'a' } },
    ]);
    expect(record).toEqual({
      ...ABSENT_BLOB_RECORD,
      revision: 2,
      state: 'stored',
      content,
      sessions: new Set(['b']),
    });
    const erased = evolveBlobRecord(record, 3, { type: 'BlobErased', data: { uploadId: 'u1' } });
    expect(erased).toEqual({
      ...ABSENT_BLOB_RECORD,
      revision: 3,
      state: 'erasing',
      content,
      sessions: new Set(),
    });
  });

  it('keeps the first upload of two puts that raced, with both sessions', () => {
    const record = fold([
      { type: 'BlobStored', data: { ...content, sessionKey: 'a' } },
      { type: 'BlobStored', data: { ...content, uploadId: 'u2', keyId: 'k2', sessionKey: 'b' } },
    ]);
    expect(record.content?.uploadId).toBe('u1');
    expect(record.sessions).toEqual(new Set(['a', 'b']));
  });

  it('counts, and otherwise skips, events of another type or shape', () => {
    const record = fold([
      { type: 'BlobStored', data: { ...content, size: -1 } },
      { type: 'BlobUploadAbandoned', data: { uploadId: 'u9' } },
      { type: 'BlobReferenced', data: { sessionKey: 7 } },
      { type: 'BlobReferenced', data: { sessionKey: 'a', uploadedAt: 5 } },
      'not an event',
    ]);
    expect(record).toEqual({ ...ABSENT_BLOB_RECORD, revision: 4 });
  });

  it('dates provisional references, confirms them with a lasting one, and never demotes a lasting one', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const later = '2026-01-01T00:00:09.000Z';
    const record = fold([
      { type: 'BlobStored', data: { ...content, sessionKey: 'a', uploadedAt: at } },
      { type: 'BlobReferenced', data: { sessionKey: 'b', uploadedAt: at } },
      { type: 'BlobReferenced', data: { sessionKey: 'c' } },
      // b uploads again: its date moves; c's lasting reference stays lasting.
      { type: 'BlobReferenced', data: { sessionKey: 'b', uploadedAt: later } },
      { type: 'BlobReferenced', data: { sessionKey: 'c', uploadedAt: later } },
      // a's message comes: confirmed.
      { type: 'BlobReferenced', data: { sessionKey: 'a' } },
    ]);
    expect(record.sessions).toEqual(new Set(['a', 'b', 'c']));
    expect(record.provisional).toEqual(new Map([['b', later]]));
    const released = evolveBlobRecord(record, 6, {
      type: 'BlobReleased',
      data: { sessionKey: 'b' },
    });
    expect([released.sessions, released.provisional]).toEqual([new Set(['a', 'c']), new Map()]);
  });

  it('remembers the uploads discarded, whatever happens to the blob', () => {
    const record = fold([
      { type: 'BlobUploadDiscarded', data: { uploadId: 'u0' } },
      { type: 'BlobStored', data: { ...content, sessionKey: 'a' } },
      { type: 'BlobUploadDiscarded', data: { uploadId: 'u2' } },
      { type: 'BlobErased', data: { uploadId: 'u1' } },
    ]);
    expect(record).toMatchObject({ state: 'erasing', discardedUploads: new Set(['u0', 'u2']) });
  });

  it('starts a new life when the bytes are stored again after an erasure', () => {
    const record = fold([
      { type: 'BlobStored', data: { ...content, sessionKey: 'a' } },
      { type: 'BlobErased', data: { uploadId: 'u1' } },
      { type: 'BlobStored', data: { ...content, uploadId: 'u2', sessionKey: 'c' } },
    ]);
    expect(record).toMatchObject({ state: 'stored', sessions: new Set(['c']) });
    expect(record.content?.uploadId).toBe('u2');
  });
});
