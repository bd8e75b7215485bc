import { BLOB_PREVIEW_BYTES, BLOB_PREVIEW_CHARACTERS, blobPreview } from './blob-preview';

describe('blobPreview', () => {
  it('keeps the first characters of a text blob', () => {
    const text = 'é'.repeat(BLOB_PREVIEW_CHARACTERS + 50);
    expect(blobPreview(Buffer.from(text), 'text/plain; charset=utf-8')).toBe(
      'é'.repeat(BLOB_PREVIEW_CHARACTERS),
    );
    expect(blobPreview(Buffer.from('{"a":1}'), 'application/json')).toBe('{"a":1}');
    expect(blobPreview(Buffer.from('<a/>'), 'application/atom+xml')).toBe('<a/>');
  });

  it('never ends on half a character', () => {
    const head = Buffer.from('ab€'.repeat(BLOB_PREVIEW_BYTES)).subarray(0, 4);
    expect(blobPreview(head, 'text/plain')).toBe('ab');
  });

  it('is empty for binary content', () => {
    expect(blobPreview(Buffer.from('hello'), 'image/png')).toBe('');
    expect(blobPreview(Buffer.from('hello'), 'application/octet-stream')).toBe('');
  });
});
