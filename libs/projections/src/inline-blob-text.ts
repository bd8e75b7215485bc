import type { ContentBlobRef } from '@agent-ledger/messages';
import type { BlobExcerpt } from './blob-excerpt';
import { truncationMarker } from './truncation-marker';

/** A text kept as a blob, as the model sees it, and how much of it was kept when it was cut. */
export interface InlinedBlobText {
  text: string;
  truncated?: { originalLength: number; keptLength: number };
}

/**
 * The text a blob-backed text part or tool-input value becomes in the model view, from the
 * `excerpt` read before projecting: the whole text when the excerpt holds it, else its head, the
 * marker `truncateText` writes and its tail. Without an excerpt (the blob could not be read),
 * the preview and a marker that names the blob.
 */
export function inlineBlobText(
  blob: ContentBlobRef,
  excerpt: BlobExcerpt | undefined,
): InlinedBlobText {
  const length = blob.textLength ?? blob.size;
  if (excerpt === undefined) {
    const kept = blob.preview.length;
    return {
      text:
        blob.preview +
        `\n\n[... ${length - kept} characters kept as blob ${blob.sha256}, not read ...]`,
      truncated: { originalLength: length, keptLength: kept },
    };
  }
  const keptLength = excerpt.head.length + excerpt.tail.length;
  if (keptLength >= length) return { text: excerpt.head + excerpt.tail };
  return {
    text: excerpt.head + truncationMarker(length - keptLength) + excerpt.tail,
    truncated: { originalLength: length, keptLength },
  };
}
