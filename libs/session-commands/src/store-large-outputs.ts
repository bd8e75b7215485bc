import type { BlobStore } from '@agent-ledger/blobs';
import type { RuntimeMessage, ToolResultOutput, ToolResultPart } from '@agent-ledger/messages';
import { storeLargeAttachments } from './store-large-attachments';
import { storeLargeInputs } from './store-large-inputs';
import { storeLargeTexts } from './store-large-texts';
import { storeTextBlob, TEXT_MEDIA_TYPE } from './store-text-blob';
import { textBlobReference } from './text-blob-reference';

/** Where the large content of one append is stored, and above which size. */
export interface LargeOutputStorage {
  blobs: BlobStore;
  tenant: string;
  /** The session key (`sessionKeyOf`) whose references the blobs get. */
  sessionKey: string;
  /**
   * Text or JSON outputs, input strings and texts larger than this, in UTF-8 bytes, become blobs
   * (attachments: in base64 characters).
   */
  thresholdBytes: number;
}

/** The media type of the blob a JSON output becomes. */
const JSON_MEDIA_TYPE = 'application/json';

/**
 * Takes the large content out of an append before the decider sees it: each text or JSON tool
 * output above `thresholdBytes` is stored as a blob (the text, or the JSON text) and replaced by
 * a `blob` output holding its reference; each `blob` output the caller sent (content uploaded
 * before) is checked against the tenant's blobs and its reference filled in from the bytes
 * themselves (size, media type, preview; the text length when the caller's is not plausible:
 * `textBlobReference`). Every blob gets the session's reference. Long texts of user, assistant
 * and reasoning messages (`storeLargeTexts`), large string values of tool-call inputs
 * (`storeLargeInputs`) and image and file attachments (`storeLargeAttachments`) are treated
 * alike. The same content always gives the same reference, so a retried
 * append decides the same events. A reference recorded for an append that then fails stays
 * until the session is erased.
 */
export async function storeLargeOutputs(
  messages: readonly RuntimeMessage[],
  storage: LargeOutputStorage,
): Promise<RuntimeMessage[]> {
  const stored: RuntimeMessage[] = [];
  for (const message of messages) {
    if (message.kind === 'user_input' || message.kind === 'assistant_text') {
      stored.push(await storeLargeAttachments(await storeLargeTexts(message, storage), storage));
      continue;
    }
    if (message.kind === 'assistant_reasoning') {
      stored.push(await storeLargeTexts(message, storage));
      continue;
    }
    if (message.kind === 'tool_call') {
      stored.push(await storeLargeInputs(message, storage));
      continue;
    }
    if (message.kind !== 'tool_result') {
      stored.push(message);
      continue;
    }
    const content: ToolResultPart[] = [];
    for (const part of message.content) {
      content.push({ ...part, output: await storedOutput(part.output, message.id, storage) });
    }
    stored.push({ ...message, content });
  }
  return stored;
}

async function storedOutput(
  output: ToolResultOutput,
  messageId: string,
  storage: LargeOutputStorage,
): Promise<ToolResultOutput> {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return Buffer.byteLength(output.value) > storage.thresholdBytes
        ? {
            type: 'blob',
            as: output.type,
            blob: await storeTextBlob(output.value, TEXT_MEDIA_TYPE, storage),
          }
        : output;
    case 'json':
    case 'error-json': {
      const text = JSON.stringify(output.value);
      return Buffer.byteLength(text) > storage.thresholdBytes
        ? {
            type: 'blob',
            as: output.type,
            blob: await storeTextBlob(text, JSON_MEDIA_TYPE, storage),
          }
        : output;
    }
    case 'blob':
      return { ...output, blob: await textBlobReference(output.blob, messageId, storage) };
    case 'content':
    case 'execution-denied':
      return output;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}
