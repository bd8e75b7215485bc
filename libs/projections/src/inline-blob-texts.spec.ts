import type { ContentBlobRef } from '@agent-ledger/messages';
import { inlineBlobTexts } from './inline-blob-texts';

const blob = (sha256: string, textLength: number): ContentBlobRef => ({
  sha256,
  size: textLength,
  mediaType: 'text/plain; charset=utf-8',
  preview: 'pre',
  textLength,
});

describe('inlineBlobTexts', () => {
  it('puts a text read whole back in place of its preview, and drops the reference', () => {
    const excerpts = new Map([['a'.repeat(64), { head: 'the whole text', tail: '' }]]);
    expect(
      inlineBlobTexts(
        [
          { type: 'text', text: 'pre', blob: blob('a'.repeat(64), 14) },
          { type: 'text', text: 'hi' },
        ],
        excerpts,
      ),
    ).toEqual({
      parts: [
        { type: 'text', text: 'the whole text' },
        { type: 'text', text: 'hi' },
      ],
    });
  });

  it('cuts a text read as head and tail with the truncation marker, and says how much it kept', () => {
    const excerpts = new Map([['b'.repeat(64), { head: 'HEAD', tail: 'TAIL' }]]);
    expect(
      inlineBlobTexts(
        [{ type: 'reasoning', text: 'pre', blob: blob('b'.repeat(64), 100) }],
        excerpts,
      ),
    ).toEqual({
      parts: [{ type: 'reasoning', text: 'HEAD\n\n[... 92 characters truncated ...]\n\nTAIL' }],
      truncated: { originalLength: 100, keptLength: 8 },
    });
  });

  it('puts tool-input values back at their paths, keeping the rest of the input', () => {
    const sha = 'c'.repeat(64);
    const excerpts = new Map([[sha, { head: 'file body', tail: '' }]]);
    expect(
      inlineBlobTexts(
        [
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'Write',
            input: { file_path: 'a.txt', content: 'pre' },
            inputBlobs: [{ path: ['content'], blob: blob(sha, 9) }],
          },
        ],
        excerpts,
      ),
    ).toEqual({
      parts: [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'Write',
          input: { file_path: 'a.txt', content: 'file body' },
        },
      ],
    });
  });

  it('shows the preview and names the blob when it could not be read', () => {
    const sha = 'd'.repeat(64);
    expect(
      inlineBlobTexts([{ type: 'text', text: 'pre', blob: blob(sha, 50) }], undefined),
    ).toEqual({
      parts: [
        { type: 'text', text: `pre\n\n[... 47 characters kept as blob ${sha}, not read ...]` },
      ],
      truncated: { originalLength: 50, keptLength: 3 },
    });
  });
});
