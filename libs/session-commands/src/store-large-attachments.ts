import { BlobNotFoundError } from '@agent-ledger/blobs';
import type {
  AssistantTextMessage,
  BlobAttachmentData,
  UserInputMessage,
} from '@agent-ledger/messages';
import type { LargeOutputStorage } from './store-large-outputs';
import { UnknownBlobError } from './unknown-blob.error';

/** Base64 characters decoded per chunk handed to the store (a multiple of 4: whole groups). */
const CHUNK_BASE64_CHARS = 4 * 1024 * 1024;

/** A `data:` URL holding base64: its media type and where the base64 starts. */
const BASE64_DATA_URL = /^data:([^;,]+)?(?:;[^;,]*)*;base64,/i;

/**
 * Takes the large attachments out of a user or assistant message before the decider sees it:
 * each image or file part whose bytes are inline base64 (or a `data:` URL of base64) longer than
 * `thresholdBytes` characters is stored as a blob of the bytes themselves, decoded chunk by
 * chunk, and its data replaced by `{ type: 'blob', blob }`; a blob the caller sent (uploaded
 * before) is checked against the tenant's blobs and its reference filled in from the store (size
 * and media type, never the caller's word). URLs other than `data:` stay as they are. The
 * session gets a lasting reference to each blob.
 */
export async function storeLargeAttachments<M extends UserInputMessage | AssistantTextMessage>(
  message: M,
  storage: LargeOutputStorage,
): Promise<M> {
  if (typeof message.content === 'string') return message;
  const content: Array<(typeof message.content)[number]> = [];
  let changed = false;
  for (const part of message.content) {
    if (part.type === 'image') {
      const image = await storedData(part.image, part.mediaType, message.id, storage);
      changed ||= image !== part.image;
      content.push({ ...part, image });
    } else if (part.type === 'file') {
      const data = await storedData(part.data, part.mediaType, message.id, storage);
      changed ||= data !== part.data;
      content.push({ ...part, data });
    } else {
      content.push(part);
    }
  }
  return changed ? { ...message, content } : message;
}

async function storedData(
  data: string | BlobAttachmentData,
  declaredMediaType: string | undefined,
  messageId: string,
  storage: LargeOutputStorage,
): Promise<string | BlobAttachmentData> {
  if (typeof data !== 'string') return referenceOf(data, messageId, storage);
  if (data.length <= storage.thresholdBytes) return data;
  const dataUrl = BASE64_DATA_URL.exec(data);
  // A URL (https:, or a data: URL that is not base64) is no bytes of ours to keep.
  if (dataUrl === null && URL.canParse(data)) return data;
  const start = dataUrl === null ? 0 : dataUrl[0].length;
  const mediaType = dataUrl?.[1]?.toLowerCase() ?? declaredMediaType ?? 'application/octet-stream';
  const { blobs, tenant, sessionKey } = storage;
  const { sha256, size } = await blobs.put(tenant, base64Chunks(data, start), {
    mediaType,
    sessionKey,
  });
  return { type: 'blob', blob: { sha256, size, mediaType, preview: '' } };
}

/** The bytes of the base64 text from `start` on, decoded in chunks of whole 4-character groups. */
// The port takes an async iterable; the chunks are decoded as they are asked for.
// eslint-disable-next-line @typescript-eslint/require-await
async function* base64Chunks(text: string, start: number): AsyncIterable<Uint8Array> {
  for (let from = start; from < text.length; from += CHUNK_BASE64_CHARS) {
    yield Buffer.from(text.slice(from, from + CHUNK_BASE64_CHARS), 'base64');
  }
}

/** The reference of an attachment uploaded before, filled in from the store. */
async function referenceOf(
  data: BlobAttachmentData,
  messageId: string,
  { blobs, tenant, sessionKey }: LargeOutputStorage,
): Promise<BlobAttachmentData> {
  const { sha256 } = data.blob;
  const stat = await blobs.stat(tenant, sha256);
  if (stat === undefined) throw new UnknownBlobError(sha256, messageId);
  try {
    await blobs.addReference(tenant, sha256, sessionKey);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw new UnknownBlobError(sha256, messageId);
    throw error;
  }
  return {
    type: 'blob',
    blob: { sha256, size: stat.size, mediaType: stat.mediaType, preview: '' },
  };
}
