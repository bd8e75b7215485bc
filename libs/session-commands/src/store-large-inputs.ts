import {
  replaceAtPath,
  valueAtPath,
  type JsonPathStep,
  type JsonValue,
  type ToolCallMessage,
  type ToolCallPart,
  type ToolInputBlob,
} from '@agent-ledger/messages';
import { InvalidInputBlobError } from './invalid-input-blob.error';
import type { LargeOutputStorage } from './store-large-outputs';
import { storeTextBlob, TEXT_MEDIA_TYPE } from './store-text-blob';
import { textBlobReference } from './text-blob-reference';

/**
 * Takes the large string values out of a tool call's inputs before the decider sees it: the input
 * stays the same JSON shape, each string above `thresholdBytes` (at any depth) is stored as a
 * blob and replaced by its preview, and `inputBlobs` records where (`path`) and which blob. The
 * caller may have uploaded a value before and sent its `inputBlobs` entry itself: the path must
 * lead to a string of the input, once (any placeholder: it becomes the preview), and the reference is
 * filled in from the store (`textBlobReference`).
 */
export async function storeLargeInputs(
  message: ToolCallMessage,
  storage: LargeOutputStorage,
): Promise<ToolCallMessage> {
  const content: ToolCallPart[] = [];
  let changed = false;
  for (const part of message.content) {
    const stored = await storedPart(part, message.id, storage);
    changed ||= stored !== part;
    content.push(stored);
  }
  return changed ? { ...message, content } : message;
}

async function storedPart(
  part: ToolCallPart,
  messageId: string,
  storage: LargeOutputStorage,
): Promise<ToolCallPart> {
  const inputBlobs: ToolInputBlob[] = [];
  let input = part.input;
  const sentPaths = new Set<string>();
  for (const sent of part.inputBlobs ?? []) {
    const key = JSON.stringify(sent.path);
    if (typeof valueAtPath(input, sent.path) !== 'string' || sentPaths.has(key)) {
      throw new InvalidInputBlobError(messageId, part.toolCallId, sent.path);
    }
    const blob = await textBlobReference(sent.blob, messageId, storage);
    input = replaceAtPath(input, sent.path, blob.preview);
    inputBlobs.push({ path: sent.path, blob });
    sentPaths.add(key);
  }
  for (const [path, value] of largeStrings(input, [], storage.thresholdBytes)) {
    if (sentPaths.has(JSON.stringify(path))) continue;
    const blob = await storeTextBlob(value, TEXT_MEDIA_TYPE, storage);
    input = replaceAtPath(input, path, blob.preview);
    inputBlobs.push({ path, blob });
  }
  if (inputBlobs.length === 0) return part;
  return { ...part, input, inputBlobs };
}

/** Every string of `value` whose UTF-8 is above `thresholdBytes`, with its path, depth first. */
function* largeStrings(
  value: JsonValue,
  path: JsonPathStep[],
  thresholdBytes: number,
): Generator<[JsonPathStep[], string]> {
  if (typeof value === 'string') {
    // A string of at most a third as many characters cannot be above the threshold: no count.
    if (value.length * 3 > thresholdBytes && Buffer.byteLength(value) > thresholdBytes) {
      yield [path, value];
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      yield* largeStrings(item, [...path, index], thresholdBytes);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield* largeStrings(item, [...path, key], thresholdBytes);
    }
  }
}
