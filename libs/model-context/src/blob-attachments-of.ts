import type { BlobStore } from '@agent-ledger/blobs';
import type { SessionLogEvent } from '@agent-ledger/events';
import type { BlobAttachmentData } from '@agent-ledger/messages';
import type { BlobAttachments } from '@agent-ledger/projections';

/**
 * The largest attachment blob the model view reads back (64 MiB): above every provider's limit for
 * one attachment, so a larger one would be refused by the provider anyway. It shows as a note.
 */
export const MAX_MODEL_ATTACHMENT_BYTES = 64 * 1024 * 1024;

/**
 * The bytes, as base64, of the image and file blobs in the user and assistant messages of
 * `events` (a model window), each read once, whole (providers need the whole attachment), in the
 * store's chunks. A blob larger than `maxBytes` or that cannot be read is left out: the view then
 * shows a note naming it.
 */
export async function blobAttachmentsOf(
  events: readonly SessionLogEvent[],
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  maxBytes = MAX_MODEL_ATTACHMENT_BYTES,
): Promise<BlobAttachments> {
  const attachments = new Map<string, string>();
  for (const { event } of events) {
    if (event.type !== 'UserInputRecorded' && event.type !== 'AssistantTextRecorded') continue;
    if (typeof event.data.content === 'string') continue;
    for (const part of event.data.content) {
      const data = part.type === 'image' ? part.image : part.type === 'file' ? part.data : '';
      if (typeof data === 'string' || attachments.has(data.blob.sha256)) continue;
      if (data.blob.size > maxBytes) continue;
      const base64 = await readBase64(blobs, tenant, data);
      if (base64 !== undefined) attachments.set(data.blob.sha256, base64);
    }
  }
  return attachments;
}

async function readBase64(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  data: BlobAttachmentData,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of blobs.read(tenant, data.blob.sha256)) chunks.push(Buffer.from(chunk));
  } catch {
    // Left out: the view shows a note naming the blob.
    return undefined;
  }
  return Buffer.concat(chunks).toString('base64');
}
