import type { BlobToolResultOutput, JsonValue, ToolResultOutput } from '@agent-ledger/messages';
import type { BlobExcerpt } from './blob-excerpt';
import { blobTextLength } from './measure-tool-output';
import { truncationMarker } from './truncation-marker';

/** A blob output as the model sees it, and how much of its text was kept when it was cut. */
export interface InlinedBlobOutput {
  output: Exclude<ToolResultOutput, BlobToolResultOutput>;
  truncated?: { originalLength: number; keptLength: number };
}

/**
 * The inline output a blob output becomes in the model view, from the `excerpt` read for
 * `limit` (`blobExcerptLengths`): the whole text when it fits (JSON parsed back into a JSON
 * output), else head, the marker `truncateText` writes, and tail, exactly what an inline output
 * of the same text would become, as a text output (`error-text` for an error). Without an
 * excerpt (the blob could not be read), the preview and a marker that says where the rest is.
 */
export function inlineBlobOutput(
  output: BlobToolResultOutput,
  limit: number,
  excerpt: BlobExcerpt | undefined,
): InlinedBlobOutput {
  const length = blobTextLength(output);
  const textType = output.as === 'error-text' || output.as === 'error-json' ? 'error-text' : 'text';
  if (excerpt === undefined) {
    const { preview, sha256 } = output.blob;
    const kept = Math.min(preview.length, limit);
    return {
      output: {
        type: textType,
        value:
          preview.slice(0, kept) +
          `\n\n[... ${length - kept} characters kept as blob ${sha256}, not read ...]`,
      },
      truncated: { originalLength: length, keptLength: kept },
    };
  }
  if (length <= limit) {
    return { output: wholeOutput(output.as, excerpt.head) };
  }
  const keptLength = excerpt.head.length + excerpt.tail.length;
  return {
    output: {
      type: textType,
      value: excerpt.head + truncationMarker(length - keptLength) + excerpt.tail,
    },
    truncated: { originalLength: length, keptLength },
  };
}

function wholeOutput(
  as: BlobToolResultOutput['as'],
  text: string,
): Exclude<ToolResultOutput, BlobToolResultOutput> {
  switch (as) {
    case 'text':
    case 'error-text':
      return { type: as, value: text };
    case 'json':
    case 'error-json': {
      const value = parseJson(text);
      return value === undefined
        ? { type: as === 'json' ? 'text' : 'error-text', value: text }
        : { type: as, value };
    }
    default: {
      const unreachable: never = as;
      return unreachable;
    }
  }
}

function parseJson(text: string): JsonValue | undefined {
  try {
    // JSON.parse yields only JSON values; its `any` is narrowed by this declaration.
    const value: JsonValue = JSON.parse(text) as JsonValue;
    return value;
  } catch {
    return undefined;
  }
}
