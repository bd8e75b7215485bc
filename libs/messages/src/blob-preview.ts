/** Longest preview a blob reference holds, in UTF-16 code units. */
export const BLOB_PREVIEW_CHARS = 512;

/**
 * The preview of a text kept as a blob: its first `BLOB_PREVIEW_CHARS` code units, without a
 * high surrogate cut from its pair at the end (a lone surrogate is not text and JSON Schema's
 * checks refuse it at the HTTP edge).
 */
export function blobPreview(text: string): string {
  const preview = text.slice(0, BLOB_PREVIEW_CHARS);
  const last = preview.charCodeAt(preview.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? preview.slice(0, -1) : preview;
}
