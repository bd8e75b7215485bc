import type { BlobRef } from './contract/blobs';

/**
 * The server's default `BLOB_THRESHOLD_BYTES` (32 KiB): a text or JSON tool output larger than
 * this, in UTF-8 bytes, is uploaded as a blob by the client and stored as one by the server.
 */
export const DEFAULT_BLOB_THRESHOLD_BYTES = 32 * 1024;

/** The media types the server gives a text and a JSON output it stores as a blob. */
const TEXT_MEDIA_TYPE = 'text/plain; charset=utf-8';
const JSON_MEDIA_TYPE = 'application/json';

/** How `uploadLargeOutputs` uploads. */
export interface LargeOutputUploads {
  /** Outputs larger than this, in UTF-8 bytes, are uploaded. */
  thresholdBytes: number;
  /** Uploads one blob (`PUT …/blobs`) and answers its reference. */
  upload(bytes: Blob, mediaType: string): Promise<BlobRef>;
  /**
   * References of contents uploaded before, by their text: a content met again (the same output
   * in every step of a generation) is not sent again. Filled in as uploads succeed.
   */
  uploaded?: Map<string, Promise<BlobRef>>;
}

/**
 * The messages with each text or JSON tool output larger than `thresholdBytes` uploaded first and
 * replaced by a reference to it, `{ type: 'blob', as, blob }`, the shape the server stores: the
 * whole output is kept (nothing truncated), and the request carries only references, so any
 * number of large outputs fits one append. The bytes are the text (or the JSON text) as the
 * server would store it inline, so the same content always gives the same reference and a retry
 * records the same events. Works on runtime `tool_result` messages and AI SDK `tool` messages
 * (both hold `tool-result` parts). On runtime messages (those with a `kind`) it also uploads
 * the long texts of text and reasoning parts (a string content first becomes one text part),
 * which keep their preview in `text` beside `blob`, and the large string values of tool-call
 * inputs, which keep their preview in the input and are named in `inputBlobs` by path: what the
 * server would store for them inline. Every reference carries the text's length, so the server
 * need not read the blob to learn it. Anything else is returned as it is. Each text is encoded
 * once, natively (`Blob`): the cost is linear in its size, whatever its characters.
 */
export async function uploadLargeOutputs<T>(
  messages: readonly T[],
  uploads: LargeOutputUploads,
): Promise<T[]> {
  const result: T[] = [];
  for (const message of messages) {
    if (!isRecord(message)) {
      result.push(message);
      continue;
    }
    const runtime = typeof message['kind'] === 'string';
    const textContent = message['content'];
    if (runtime && typeof textContent === 'string' && TEXT_KINDS.has(message['kind'])) {
      const part = { type: message['kind'] === 'assistant_reasoning' ? 'reasoning' : 'text' };
      const uploaded = await uploadedText(textContent, uploads);
      result.push(
        uploaded === undefined
          ? message
          : { ...message, content: [{ ...part, text: uploaded.preview, blob: uploaded }] },
      );
      continue;
    }
    if (!Array.isArray(textContent)) {
      result.push(message);
      continue;
    }
    let changed = false;
    const content: unknown[] = [];
    const parts: unknown[] = textContent;
    for (const part of parts) {
      const uploaded = isRecord(part) ? await uploadedPart(part, runtime, uploads) : undefined;
      changed ||= uploaded !== undefined;
      content.push(uploaded ?? part);
    }
    result.push(changed ? { ...message, content } : message);
  }
  return result;
}

/** The runtime message kinds whose string content is a text. */
const TEXT_KINDS: ReadonlySet<unknown> = new Set([
  'user_input',
  'assistant_text',
  'assistant_reasoning',
]);

/** What `part` becomes with its large content uploaded, or `undefined` when it stays as it is. */
async function uploadedPart(
  part: Record<string, unknown>,
  runtime: boolean,
  uploads: LargeOutputUploads,
): Promise<Record<string, unknown> | undefined> {
  const type = part['type'];
  if (type === 'tool-result') {
    const output = part['output'];
    const uploaded = isRecord(output) ? await uploadedOutput(output, uploads) : undefined;
    return uploaded === undefined ? undefined : { ...part, output: uploaded };
  }
  if (!runtime) return undefined;
  const text = part['text'];
  if ((type === 'text' || type === 'reasoning') && typeof text === 'string') {
    if (part['blob'] !== undefined) return undefined;
    const uploaded = await uploadedText(text, uploads);
    return uploaded === undefined ? undefined : { ...part, text: uploaded.preview, blob: uploaded };
  }
  if (type === 'tool-call' && part['inputBlobs'] === undefined) {
    return uploadedInput(part, uploads);
  }
  return undefined;
}

/** A tool call with the large strings of its input uploaded, or `undefined` when none is. */
async function uploadedInput(
  part: Record<string, unknown>,
  uploads: LargeOutputUploads,
): Promise<Record<string, unknown> | undefined> {
  const inputBlobs: Array<{ path: Array<string | number>; blob: TextBlobRef }> = [];
  const walk = async (value: unknown, path: Array<string | number>): Promise<unknown> => {
    if (typeof value === 'string') {
      const uploaded = await uploadedText(value, uploads);
      if (uploaded === undefined) return value;
      inputBlobs.push({ path, blob: uploaded });
      return uploaded.preview;
    }
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) items.push(await walk(item, [...path, index]));
      return items;
    }
    if (isRecord(value)) {
      const entries: Array<[string, unknown]> = [];
      for (const [key, item] of Object.entries(value)) {
        entries.push([key, await walk(item, [...path, key])]);
      }
      return Object.fromEntries(entries);
    }
    return value;
  };
  const input = await walk(part['input'], []);
  return inputBlobs.length === 0 ? undefined : { ...part, input, inputBlobs };
}

/** A text blob's reference with the text's length (UTF-16 code units), as the server keeps it. */
type TextBlobRef = BlobRef & { textLength: number };

/** The reference of `text` uploaded, or `undefined` when it is within the threshold. */
async function uploadedText(
  text: string,
  uploads: LargeOutputUploads,
): Promise<TextBlobRef | undefined> {
  const reference = await uploadOnce(text, TEXT_MEDIA_TYPE, uploads);
  return reference === undefined ? undefined : { ...reference, textLength: text.length };
}

/** Uploads `text` unless it is within the threshold or was uploaded before; its reference. */
async function uploadOnce(
  text: string,
  mediaType: string,
  uploads: LargeOutputUploads,
): Promise<BlobRef | undefined> {
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a shorter text cannot pass the threshold.
  if (text.length * 3 <= uploads.thresholdBytes) return undefined;
  // The same text is the same bytes, so the same blob, whichever output type it came as.
  let reference = uploads.uploaded?.get(text);
  if (reference === undefined) {
    const bytes = new Blob([text]);
    if (bytes.size <= uploads.thresholdBytes) return undefined;
    reference = uploads.upload(bytes, mediaType);
    uploads.uploaded?.set(text, reference);
    void reference.catch(() => uploads.uploaded?.delete(text));
  }
  return reference;
}

/** The blob output `output` becomes, or `undefined` when it stays inline. */
async function uploadedOutput(
  output: Record<string, unknown>,
  uploads: LargeOutputUploads,
): Promise<Record<string, unknown> | undefined> {
  const type = output['type'];
  const value = output['value'];
  let text: string;
  let mediaType: string;
  if ((type === 'text' || type === 'error-text') && typeof value === 'string') {
    text = value;
    mediaType = TEXT_MEDIA_TYPE;
  } else if ((type === 'json' || type === 'error-json') && value !== undefined) {
    text = JSON.stringify(value);
    mediaType = JSON_MEDIA_TYPE;
  } else {
    return undefined;
  }
  const reference = await uploadOnce(text, mediaType, uploads);
  if (reference === undefined) return undefined;
  return { type: 'blob', as: type, blob: { ...reference, textLength: text.length } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
