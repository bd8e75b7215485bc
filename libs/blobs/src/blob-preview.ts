/** Characters a preview keeps at most. */
export const BLOB_PREVIEW_CHARACTERS = 200;

/** Bytes of a blob's head enough for any preview (4 bytes per UTF-8 character at most). */
export const BLOB_PREVIEW_BYTES = BLOB_PREVIEW_CHARACTERS * 4;

const TEXT_MEDIA_TYPE =
  /^(text\/|application\/(json|xml|javascript|x-ndjson|yaml)|[^;]*\+(json|xml))/i;

/** Whether a media type names text (`text/*`, JSON, XML, YAML, JavaScript): what previews and search read. */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_MEDIA_TYPE.test(mediaType.trim());
}

/**
 * A `BlobRef`'s preview: the first characters of a text blob (a `text/*`, JSON, XML or YAML media
 * type), decoded from `head` (the blob's first bytes) without a character cut in half; empty for
 * binary content. Pure.
 */
export function blobPreview(head: Uint8Array, mediaType: string): string {
  if (!isTextMediaType(mediaType)) return '';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(
    head.subarray(0, BLOB_PREVIEW_BYTES),
  );
  const characters = Array.from(text);
  // The head may end inside a character, decoded as a replacement character: dropped.
  if (characters.at(-1) === '\uFFFD') characters.pop();
  return characters.slice(0, BLOB_PREVIEW_CHARACTERS).join('');
}
