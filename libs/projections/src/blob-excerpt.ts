/**
 * What the model view needs of a text kept as a blob, read by range before it projects: the
 * text's first `head` and last `tail` UTF-16 code units, as `blobExcerptLengths` counts them.
 * When the text fits the soft limit, `head` is the whole text and `tail` is empty.
 */
export interface BlobExcerpt {
  head: string;
  tail: string;
}

/** Blob excerpts by SHA-256, read for one soft limit (`toolResultSoftLimitChars`). */
export type BlobExcerpts = ReadonlyMap<string, BlobExcerpt>;

/**
 * How many code units of a blob's text the model view keeps at its head and at its tail under
 * `limit`: the whole text when it fits, else what `truncateText` keeps of an inline text (half
 * the limit, rounded up, from the head; the rest from the tail).
 */
export function blobExcerptLengths(
  textLength: number,
  limit: number,
): { head: number; tail: number } {
  if (textLength <= limit) return { head: textLength, tail: 0 };
  const head = Math.ceil(limit / 2);
  return { head, tail: limit - head };
}
