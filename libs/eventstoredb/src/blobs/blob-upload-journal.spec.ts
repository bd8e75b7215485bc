import { parseBlobJournalEntry } from './blob-upload-journal';

describe('parseBlobJournalEntry', () => {
  it('reads the two kinds of entry', () => {
    expect(
      parseBlobJournalEntry('BlobUploadStarted', {
        uploadId: 'u1',
        startedAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toEqual({
      type: 'BlobUploadStarted',
      data: { uploadId: 'u1', startedAt: '2026-01-01T00:00:00.000Z' },
    });
    const provisional = {
      tenant: 't',
      sha256: 'a'.repeat(64),
      sessionKey: 's1',
      uploadedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(
      parseBlobJournalEntry('BlobProvisionallyReferenced', { ...provisional, extra: 1 }),
    ).toEqual({ type: 'BlobProvisionallyReferenced', data: provisional });
  });

  it('skips events of another type or shape (the sweep counts them as settled)', () => {
    expect(parseBlobJournalEntry('BlobSweepWrote', { erased: 2 })).toBeUndefined();
    expect(parseBlobJournalEntry('BlobUploadStarted', { uploadId: 'u1' })).toBeUndefined();
    expect(parseBlobJournalEntry('BlobUploadStarted', ['u1', 'now'])).toBeUndefined();
    expect(
      parseBlobJournalEntry('BlobProvisionallyReferenced', {
        tenant: 't',
        sha256: 'a'.repeat(64),
        sessionKey: 7,
        uploadedAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toBeUndefined();
    expect(parseBlobJournalEntry('BlobUploadStarted', null)).toBeUndefined();
  });
});
