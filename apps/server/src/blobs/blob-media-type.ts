import { InvalidMediaTypeError } from './blob-http-errors';

/** Printable ASCII, 1–255 characters: what a `Content-Type` stored with a blob may be. */
const MEDIA_TYPE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

/** The media type an upload's `Content-Type` gives its blob, or `InvalidMediaTypeError`. Pure. */
export function blobMediaType(contentType: string): string {
  const trimmed = contentType.trim();
  if (!MEDIA_TYPE.test(trimmed) || !trimmed.includes('/')) {
    throw new InvalidMediaTypeError();
  }
  return trimmed;
}
