import { replaceAtPath, type ContentBlobRef } from '@agent-ledger/messages';
import type { BlobExcerpts } from './blob-excerpt';
import type { ModelMessagePart } from './types';
import { inlineBlobText } from './inline-blob-text';

/** How much of the blob-backed texts of a message the model view kept, summed. */
export interface BlobTextTruncation {
  originalLength: number;
  keptLength: number;
}

/** Parts with their blob-backed texts put back, and what was cut (absent: nothing). */
export interface InlinedBlobTexts {
  parts: ModelMessagePart[];
  truncated?: BlobTextTruncation;
}

/**
 * The parts of a message with every text kept as a blob put back as the model sees it
 * (`inlineBlobText`, from `excerpts`): a text or reasoning part's `text` in place of its preview,
 * a tool call's input values at their `inputBlobs` paths. The `blob` and `inputBlobs` fields
 * are dropped: the model view holds no blob reference. Parts without blobs are the same objects.
 */
export function inlineBlobTexts(
  parts: readonly ModelMessagePart[],
  excerpts: BlobExcerpts | undefined,
): InlinedBlobTexts {
  let truncated: BlobTextTruncation | undefined;
  const inline = (blob: ContentBlobRef): string => {
    const inlined = inlineBlobText(blob, excerpts?.get(blob.sha256));
    if (inlined.truncated !== undefined) {
      truncated = {
        originalLength: (truncated?.originalLength ?? 0) + inlined.truncated.originalLength,
        keptLength: (truncated?.keptLength ?? 0) + inlined.truncated.keptLength,
      };
    }
    return inlined.text;
  };
  const result = parts.map((part): ModelMessagePart => {
    if ((part.type === 'text' || part.type === 'reasoning') && part.blob !== undefined) {
      const { blob, ...rest } = part;
      return { ...rest, text: inline(blob) };
    }
    if (part.type === 'tool-call' && part.inputBlobs !== undefined) {
      const { inputBlobs, ...rest } = part;
      let input = rest.input;
      for (const { path, blob } of inputBlobs) input = replaceAtPath(input, path, inline(blob));
      return { ...rest, input };
    }
    return part;
  });
  return truncated === undefined ? { parts: result } : { parts: result, truncated };
}
