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
 * (both hold `tool-result` parts); anything else is returned as it is. Each output is encoded
 * once, natively (`Blob`): the cost is linear in its size, whatever its characters.
 */
export async function uploadLargeOutputs<T>(
  messages: readonly T[],
  uploads: LargeOutputUploads,
): Promise<T[]> {
  const result: T[] = [];
  for (const message of messages) {
    if (!isRecord(message) || !Array.isArray(message['content'])) {
      result.push(message);
      continue;
    }
    let changed = false;
    const content: unknown[] = [];
    const parts: unknown[] = message['content'];
    for (const part of parts) {
      const output = isRecord(part) && part['type'] === 'tool-result' ? part['output'] : undefined;
      const uploaded = isRecord(output) ? await uploadedOutput(output, uploads) : undefined;
      if (uploaded === undefined || !isRecord(part)) {
        content.push(part);
        continue;
      }
      changed = true;
      content.push({ ...part, output: uploaded });
    }
    result.push(changed ? { ...message, content } : message);
  }
  return result;
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
  return { type: 'blob', as: type, blob: await reference };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
