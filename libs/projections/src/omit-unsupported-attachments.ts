import type { BlobAttachmentData, FilePart, ImagePart, TextPart } from '@agent-ledger/messages';
import { attachmentHint } from './attachment-hint';
import type { AttachmentPolicy } from './resolve-model-policy';

/** Parts with their unsupported attachments replaced, and the hints that replaced them. */
export interface OmittedAttachments<P> {
  parts: Array<P | TextPart>;
  omitted: string[];
}

/**
 * Replaces each image or file part the policy does not support, in a message of `role`, by a
 * text part holding a hint. The media type is the one the AI SDK will use: a `data:` URL's own
 * type wins over the declared one, and an image without either counts as `image/*`. No policy:
 * every part is kept.
 */
export function omitUnsupportedAttachments<P extends { type: string }>(
  parts: readonly P[],
  policy: AttachmentPolicy | undefined,
  role: 'user' | 'assistant',
): OmittedAttachments<P> {
  const omitted: string[] = [];
  const kept = parts.map((part): P | TextPart => {
    const attachment = describeAttachment(part);
    if (policy === undefined || attachment === undefined) return part;
    const place = role === 'user' ? 'user-message' : 'assistant-message';
    if (policy.supports({ place, mediaType: attachment.mediaType, url: attachment.url })) {
      return part;
    }
    const hint = attachmentHint(attachment.name, attachment.mediaType, policy.reason);
    omitted.push(hint);
    return { type: 'text', text: hint };
  });
  return { parts: kept, omitted };
}

function describeAttachment(part: {
  type: string;
}): { name: string; mediaType: string; url: boolean } | undefined {
  if (isImagePart(part)) {
    const data = readData(part.image);
    return {
      name: 'image',
      mediaType: data.mediaType ?? part.mediaType ?? 'image/*',
      url: data.url,
    };
  }
  if (isFilePart(part)) {
    const data = readData(part.data);
    return {
      name: part.filename ?? 'file',
      mediaType: data.mediaType ?? part.mediaType,
      url: data.url,
    };
  }
  return undefined;
}

/** Whether the data is a URL other than `data:`, and a `data:` URL's (or a blob's) media type. */
function readData(data: string | BlobAttachmentData): { url: boolean; mediaType?: string } {
  if (typeof data !== 'string') return { url: false, mediaType: data.blob.mediaType };
  const dataUrl = /^data:([^;,]+)[;,]/i.exec(data);
  if (dataUrl?.[1] !== undefined) return { url: false, mediaType: dataUrl[1].toLowerCase() };
  // Base64 has no `:`, so only a URL string parses here (as the AI SDK tells them apart).
  return { url: URL.canParse(data) };
}

function isImagePart(part: { type: string }): part is ImagePart {
  return part.type === 'image';
}

function isFilePart(part: { type: string }): part is FilePart {
  return part.type === 'file';
}
