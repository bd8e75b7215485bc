import type { BlobAttachmentData, FilePart, ImagePart, TextPart } from '@agent-ledger/messages';

/**
 * The bytes of attachments kept as blobs, as base64, by SHA-256: read whole before the model
 * view projects (providers need the whole attachment). A blob absent from it was not read.
 */
export type BlobAttachments = ReadonlyMap<string, string>;

/** An image or file part whose bytes are a blob. */
export type BlobAttachmentPart =
  (ImagePart & { image: BlobAttachmentData }) | (FilePart & { data: BlobAttachmentData });

/**
 * Puts back, in the image and file parts of a message's content, the base64 bytes of the blobs
 * that hold them (`attachments`), as the runtime sent them. A part whose blob was not read becomes
 * a text part that names it (`blobAttachmentNote`), and is reported in `unread`.
 */
export function inlineBlobAttachments<P extends { type: string }>(
  parts: readonly P[],
  attachments: BlobAttachments | undefined,
): { parts: Array<P | TextPart>; unread: string[] } {
  const unread: string[] = [];
  const inlined = parts.map((part): P | TextPart => {
    const blobPart = asBlobAttachmentPart(part);
    if (blobPart === undefined) return part;
    const data = blobPart.type === 'image' ? blobPart.image : blobPart.data;
    const base64 = attachments?.get(data.blob.sha256);
    if (base64 === undefined) {
      const note = blobAttachmentNote(blobPart);
      unread.push(note);
      return { type: 'text', text: note };
    }
    return blobPart.type === 'image' ? { ...part, image: base64 } : { ...part, data: base64 };
  });
  return { parts: inlined, unread };
}

/** The text that stands for an attachment whose blob was not read. */
export function blobAttachmentNote(part: BlobAttachmentPart): string {
  const data = part.type === 'image' ? part.image : part.data;
  const name = part.type === 'file' ? (part.filename ?? 'file') : 'image';
  return `[Attachment ${name} (${data.blob.mediaType}, ${data.blob.size} bytes) kept as blob ${data.blob.sha256}, not read]`;
}

/** The part, when it is an image or file whose bytes are a blob. */
export function asBlobAttachmentPart(part: { type: string }): BlobAttachmentPart | undefined {
  if (part.type === 'image' && 'image' in part && isBlobData(part.image)) {
    return part as BlobAttachmentPart;
  }
  if (part.type === 'file' && 'data' in part && isBlobData(part.data)) {
    return part as BlobAttachmentPart;
  }
  return undefined;
}

function isBlobData(data: unknown): data is BlobAttachmentData {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'blob';
}
