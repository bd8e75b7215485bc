import { BLOB_PREVIEW_BYTES, blobPreview, type BlobStore } from '@agent-ledger/blobs';
import type {
  ContentBlobRef,
  RuntimeMessage,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import { storeLargeAttachments } from './store-large-attachments';
import { UnknownBlobError } from './unknown-blob.error';

/** Where the large content of one append is stored, and above which size. */
export interface LargeOutputStorage {
  blobs: BlobStore;
  tenant: string;
  /** The session key (`sessionKeyOf`) whose references the blobs get. */
  sessionKey: string;
  /** Text or JSON outputs larger than this, in UTF-8 bytes, become blobs (attachments: in base64 characters). */
  thresholdBytes: number;
}

/** The media types of the blobs an output becomes. */
const TEXT_MEDIA_TYPE = 'text/plain; charset=utf-8';
const JSON_MEDIA_TYPE = 'application/json';

/** Characters of a string encoded per chunk handed to the store (a few MiB of UTF-8 at most). */
const CHUNK_CHARS = 1024 * 1024;

/**
 * Takes the large content out of an append before the decider sees it: each text or JSON tool
 * output above `thresholdBytes` is stored as a blob (the text, or the JSON text) and replaced by
 * a `blob` output holding its reference; each `blob` output the caller sent (content uploaded
 * before) is checked against the tenant's blobs and its reference filled in from the bytes
 * themselves (size, media type, preview, text length: never the caller's word). Every blob gets
 * the session's reference. Image and file attachments of user and assistant messages are
 * treated alike (`storeLargeAttachments`). The same content always gives the same reference, so a retried
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
      stored.push(await storeLargeAttachments(message, storage));
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
            blob: await storeText(output.value, TEXT_MEDIA_TYPE, storage),
          }
        : output;
    case 'json':
    case 'error-json': {
      const text = JSON.stringify(output.value);
      return Buffer.byteLength(text) > storage.thresholdBytes
        ? { type: 'blob', as: output.type, blob: await storeText(text, JSON_MEDIA_TYPE, storage) }
        : output;
    }
    case 'blob':
      return { ...output, blob: await referenceOf(output.blob.sha256, messageId, storage) };
    case 'content':
    case 'execution-denied':
      return output;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

async function storeText(
  text: string,
  mediaType: string,
  { blobs, tenant, sessionKey }: LargeOutputStorage,
): Promise<ContentBlobRef> {
  const { sha256, size } = await blobs.put(tenant, utf8Chunks(text), { mediaType, sessionKey });
  const head = Buffer.from(text.slice(0, BLOB_PREVIEW_BYTES), 'utf8');
  return {
    sha256,
    size,
    mediaType,
    preview: blobPreview(head, mediaType),
    textLength: text.length,
  };
}

/** The UTF-8 of `text` in chunks, never split inside a surrogate pair. */
// The port takes an async iterable; the chunks are made as they are asked for.
// eslint-disable-next-line @typescript-eslint/require-await
async function* utf8Chunks(text: string): AsyncIterable<Uint8Array> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
  }
}

/** The reference of a blob uploaded before, read from the store (one streamed pass, for its text length). */
async function referenceOf(
  sha256: string,
  messageId: string,
  { blobs, tenant, sessionKey }: LargeOutputStorage,
): Promise<ContentBlobRef> {
  const stat = await blobs.stat(tenant, sha256);
  if (stat === undefined) throw new UnknownBlobError(sha256, messageId);
  const decoder = new TextDecoder();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let textLength = 0;
  for await (const chunk of blobs.read(tenant, sha256)) {
    if (headBytes < BLOB_PREVIEW_BYTES) {
      head.push(chunk.subarray(0, BLOB_PREVIEW_BYTES - headBytes));
      headBytes += Math.min(chunk.length, BLOB_PREVIEW_BYTES - headBytes);
    }
    textLength += decoder.decode(chunk, { stream: true }).length;
  }
  textLength += decoder.decode().length;
  await blobs.addReference(tenant, sha256, sessionKey);
  return {
    sha256,
    size: stat.size,
    mediaType: stat.mediaType,
    preview: blobPreview(Buffer.concat(head), stat.mediaType),
    textLength,
  };
}
