import type {
  AssistantReasoningMessage,
  AssistantTextMessage,
  ContentBlobRef,
  ReasoningPart,
  TextPart,
  UserInputMessage,
} from '@agent-ledger/messages';
import type { LargeOutputStorage } from './store-large-outputs';
import { storeTextBlob, TEXT_MEDIA_TYPE } from './store-text-blob';
import { textBlobReference } from './text-blob-reference';

type TextMessage = UserInputMessage | AssistantTextMessage | AssistantReasoningMessage;

/**
 * Takes the long texts out of a user, assistant or reasoning message before the decider sees it:
 * each text or reasoning part (or the message's string content) whose UTF-8 is above
 * `thresholdBytes` is stored as a blob and keeps only its preview in `text`, beside the blob's
 * reference in `blob`; a string content becomes one such part. A part that already names a blob
 * (the caller uploaded the text before) gets its reference filled in from the store
 * (`textBlobReference`) and the store's preview as its text. Other parts stay as they are.
 */
export async function storeLargeTexts<M extends TextMessage>(
  message: M,
  storage: LargeOutputStorage,
): Promise<M> {
  const partType = message.kind === 'assistant_reasoning' ? 'reasoning' : 'text';
  if (typeof message.content === 'string') {
    if (Buffer.byteLength(message.content) <= storage.thresholdBytes) return message;
    const blob = await storeTextBlob(message.content, TEXT_MEDIA_TYPE, storage);
    return { ...message, content: [{ type: partType, text: blob.preview, blob }] };
  }
  const content: Array<(typeof message.content)[number]> = [];
  let changed = false;
  for (const part of message.content) {
    if (part.type !== 'text' && part.type !== 'reasoning') {
      content.push(part);
      continue;
    }
    const blob = await blobOf(part, message.id, storage);
    changed ||= blob !== undefined;
    content.push(blob === undefined ? part : { ...part, text: blob.preview, blob });
  }
  return changed ? { ...message, content } : message;
}

async function blobOf(
  part: TextPart | ReasoningPart,
  messageId: string,
  storage: LargeOutputStorage,
): Promise<ContentBlobRef | undefined> {
  if (part.blob !== undefined) return textBlobReference(part.blob, messageId, storage);
  if (Buffer.byteLength(part.text) <= storage.thresholdBytes) return undefined;
  return storeTextBlob(part.text, TEXT_MEDIA_TYPE, storage);
}
