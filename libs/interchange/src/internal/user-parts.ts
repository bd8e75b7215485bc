import type { FilePart, ImagePart, TextPart } from '@agent-ledger/messages';

/** A file given by URL or base64 as a user part: images as image parts, the rest as files. */
export function userFilePart(
  data: string,
  mediaType: string | undefined,
  filename?: string,
): ImagePart | FilePart {
  if (
    mediaType?.startsWith('image/') === true ||
    (mediaType === undefined && data.startsWith('data:image/'))
  ) {
    return { type: 'image', image: data, ...(mediaType === undefined ? {} : { mediaType }) };
  }
  return {
    type: 'file',
    data,
    mediaType: mediaType ?? 'application/octet-stream',
    ...(filename === undefined ? {} : { filename }),
  };
}

/** User content: a plain string when it is one text part. */
export function userContent(
  parts: Array<TextPart | ImagePart | FilePart>,
): string | Array<TextPart | ImagePart | FilePart> {
  const [only] = parts;
  return parts.length === 1 && only?.type === 'text' ? only.text : parts;
}
