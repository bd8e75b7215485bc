import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';

/**
 * The blobs a runtime message refers to, in the order its parts hold them: blob tool outputs,
 * and the blob data of image and file attachments.
 */
export function blobRefsOfMessage(message: RuntimeMessage): ContentBlobRef[] {
  if (message.kind === 'tool_result') {
    return message.content.flatMap((part) =>
      part.output.type === 'blob' ? [part.output.blob] : [],
    );
  }
  if (message.kind !== 'user_input' && message.kind !== 'assistant_text') return [];
  if (typeof message.content === 'string') return [];
  return message.content.flatMap((part) => {
    if (part.type === 'image' && typeof part.image !== 'string') return [part.image.blob];
    if (part.type === 'file' && typeof part.data !== 'string') return [part.data.blob];
    return [];
  });
}
