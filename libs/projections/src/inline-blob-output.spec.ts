import fc from 'fast-check';
import type { BlobToolResultOutput } from '@agent-ledger/messages';
import { blobExcerptLengths } from './blob-excerpt';
import { inlineBlobOutput } from './inline-blob-output';
import { truncateToolResult } from './truncate-tool-result';

function blobOf(text: string, as: BlobToolResultOutput['as']): BlobToolResultOutput {
  return {
    type: 'blob',
    as,
    blob: {
      sha256: 'a'.repeat(64),
      size: Buffer.byteLength(text),
      mediaType: 'text/plain; charset=utf-8',
      preview: text.slice(0, 5),
      textLength: text.length,
    },
  };
}

function excerptOf(text: string, limit: number): { head: string; tail: string } {
  const lengths = blobExcerptLengths(text.length, limit);
  return {
    head: text.slice(0, lengths.head),
    tail: lengths.tail === 0 ? '' : text.slice(text.length - lengths.tail),
  };
}

describe('inlineBlobOutput', () => {
  it('gives what truncating the same text inline gives', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 0, max: 220 }),
        fc.constantFrom('text' as const, 'error-text' as const),
        (text, limit, as) => {
          const part = {
            type: 'tool-result' as const,
            toolCallId: 'c1',
            output: { type: as, value: text },
          };
          const inline = truncateToolResult(part, limit);
          const inlined = inlineBlobOutput(blobOf(text, as), limit, excerptOf(text, limit));
          expect(inlined.output).toEqual(inline?.part.output ?? part.output);
          expect(inlined.truncated).toEqual(
            inline === undefined
              ? undefined
              : { originalLength: inline.originalLength, keptLength: inline.keptLength },
          );
        },
      ),
    );
  });

  it('parses a JSON blob back into a JSON output when it fits', () => {
    const text = JSON.stringify({ files: ['a.ts', 'b.ts'] });
    expect(inlineBlobOutput(blobOf(text, 'json'), 1000, excerptOf(text, 1000))).toEqual({
      output: { type: 'json', value: { files: ['a.ts', 'b.ts'] } },
    });
  });

  it('cuts a JSON blob that does not fit into text, as an inline JSON output is cut', () => {
    const text = JSON.stringify({ lines: 'x'.repeat(100) });
    expect(inlineBlobOutput(blobOf(text, 'error-json'), 20, excerptOf(text, 20))).toEqual({
      output: {
        type: 'error-text',
        value: '{"lines":"\n\n[... 92 characters truncated ...]\n\nxxxxxxxx"}',
      },
      truncated: { originalLength: 112, keptLength: 20 },
    });
  });

  it('shows the preview and names the blob when its excerpt could not be read', () => {
    expect(inlineBlobOutput(blobOf('hello world', 'text'), 100, undefined)).toEqual({
      output: {
        type: 'text',
        value: `hello\n\n[... 6 characters kept as blob ${'a'.repeat(64)}, not read ...]`,
      },
      truncated: { originalLength: 11, keptLength: 5 },
    });
  });
});
