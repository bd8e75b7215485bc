import type { FilePart, ImagePart, TextPart } from '@agent-ledger/messages';
import { inlineBlobAttachments } from './inline-blob-attachments';

const blob = (sha256: string) => ({
  type: 'blob' as const,
  blob: { sha256, size: 5, mediaType: 'image/png', preview: '' },
});

describe('inlineBlobAttachments', () => {
  it('puts the base64 of read blobs back, and a note for a blob not read', () => {
    const parts: Array<TextPart | ImagePart | FilePart> = [
      { type: 'text', text: 'look' },
      { type: 'image', image: blob('a'.repeat(64)), mediaType: 'image/png' },
      { type: 'file', data: blob('b'.repeat(64)), mediaType: 'application/pdf', filename: 'r.pdf' },
      { type: 'image', image: 'aGk=' },
    ];
    const { parts: inlined, unread } = inlineBlobAttachments(
      parts,
      new Map([['a'.repeat(64), 'aGVsbG8=']]),
    );
    expect(inlined).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', image: 'aGVsbG8=', mediaType: 'image/png' },
      {
        type: 'text',
        text: `[Attachment r.pdf (image/png, 5 bytes) kept as blob ${'b'.repeat(64)}, not read]`,
      },
      { type: 'image', image: 'aGk=' },
    ]);
    expect(unread).toHaveLength(1);
  });
});
