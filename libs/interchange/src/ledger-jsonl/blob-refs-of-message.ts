import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';

/**
 * The blobs a runtime message refers to, in the order its parts hold them: blob tool outputs, the
 * blob data of image and file attachments, long text and reasoning parts, and the large strings of
 * tool-call inputs (`inputBlobs`).
 */
export function blobRefsOfMessage(message: RuntimeMessage): ContentBlobRef[] {
  if (!Array.isArray(message.content)) return [];
  const refs: ContentBlobRef[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'tool-result':
        if (part.output.type === 'blob') refs.push(part.output.blob);
        break;
      case 'image':
        if (typeof part.image !== 'string') refs.push(part.image.blob);
        break;
      case 'file':
        if (typeof part.data !== 'string') refs.push(part.data.blob);
        break;
      case 'text':
      case 'reasoning':
        if (part.blob) refs.push(part.blob);
        break;
      case 'tool-call':
        for (const input of part.inputBlobs ?? []) refs.push(input.blob);
        break;
      case 'tool-approval-request':
      case 'tool-approval-response':
        break;
    }
  }
  return refs;
}
