import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';
import { blobTextsOf } from '@agent-ledger/projections';

/**
 * The blobs a runtime message refers to: blob tool outputs, the blob data of image and file
 * attachments, and the blobs of its long texts and tool-call input strings (`blobTextsOf`).
 */
export function blobRefsOfMessage(message: RuntimeMessage): ContentBlobRef[] {
  if (message.kind === 'tool_result') {
    return message.content.flatMap((part) =>
      part.output.type === 'blob' ? [part.output.blob] : [],
    );
  }
  const texts = blobTextsOf(message);
  if (message.kind !== 'user_input' && message.kind !== 'assistant_text') return texts;
  if (typeof message.content === 'string') return texts;
  const attachments = message.content.flatMap((part) => {
    if (part.type === 'image' && typeof part.image !== 'string') return [part.image.blob];
    if (part.type === 'file' && typeof part.data !== 'string') return [part.data.blob];
    return [];
  });
  return [...attachments, ...texts];
}
