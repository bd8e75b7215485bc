import type { FilePart, ImagePart, TextPart } from '@agent-ledger/messages';
import { attachmentHint } from './attachment-hint';
import type { AttachmentPolicy } from './resolve-model-policy';

/** Parts with their unsupported attachments replaced, and the hints that replaced them. */
export interface OmittedAttachments<P> {
  parts: Array<P | TextPart>;
  omitted: string[];
}

/**
 * Replaces each image or file part the policy does not support by a text part holding a hint.
 * An image without a media type counts as `image/*`. No policy: every part is kept.
 */
export function omitUnsupportedAttachments<P extends { type: string }>(
  parts: readonly P[],
  policy: AttachmentPolicy | undefined,
): OmittedAttachments<P> {
  const omitted: string[] = [];
  const kept = parts.map((part): P | TextPart => {
    const attachment = describeAttachment(part);
    if (policy === undefined || attachment === undefined || policy.supports(attachment.mediaType)) {
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
}): { name: string; mediaType: string } | undefined {
  if (isImagePart(part)) return { name: 'image', mediaType: part.mediaType ?? 'image/*' };
  if (isFilePart(part)) return { name: part.filename ?? 'file', mediaType: part.mediaType };
  return undefined;
}

function isImagePart(part: { type: string }): part is ImagePart {
  return part.type === 'image';
}

function isFilePart(part: { type: string }): part is FilePart {
  return part.type === 'file';
}
