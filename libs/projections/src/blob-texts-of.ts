import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';

/**
 * The blobs holding a message's texts, in part order: those of its long text and reasoning parts
 * and of its tool calls' large input strings (`inputBlobs`). Empty for a message without any
 * (every kind but user input, assistant text, reasoning and tool calls).
 */
export function blobTextsOf(message: RuntimeMessage): ContentBlobRef[] {
  if (message.kind === 'tool_call') {
    return message.content.flatMap((part) => (part.inputBlobs ?? []).map(({ blob }) => blob));
  }
  if (
    (message.kind !== 'user_input' &&
      message.kind !== 'assistant_text' &&
      message.kind !== 'assistant_reasoning') ||
    typeof message.content === 'string'
  ) {
    return [];
  }
  const blobs: ContentBlobRef[] = [];
  for (const part of message.content) {
    if ((part.type === 'text' || part.type === 'reasoning') && part.blob !== undefined) {
      blobs.push(part.blob);
    }
  }
  return blobs;
}
