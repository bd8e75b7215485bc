import type { BlobStore } from '@agent-ledger/blobs';
import type { SessionLogEvent } from '@agent-ledger/events';
import type { BlobExcerpt, BlobExcerpts } from '@agent-ledger/projections';
import { readBlobExcerpt } from './read-blob-excerpt';

/**
 * The excerpts the model view needs of the blob outputs in `events` (a model window) under the
 * soft limit `limit`, each blob read once by range (`readBlobExcerpt`). Results already pruned
 * are left out: the model sees their stub. A blob that cannot be read is left out too (the view
 * then shows its preview and says so) rather than failing the whole context.
 */
export async function blobExcerptsOf(
  events: readonly SessionLogEvent[],
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  limit: number,
): Promise<BlobExcerpts> {
  const excerpts = new Map<string, BlobExcerpt>();
  for (const logged of events) {
    const { event } = logged;
    if (event.type !== 'ToolResultRecorded' || event.data.metadata?.compactedAt !== undefined) {
      continue;
    }
    for (const part of event.data.content) {
      if (part.output.type !== 'blob' || excerpts.has(part.output.blob.sha256)) continue;
      try {
        excerpts.set(
          part.output.blob.sha256,
          await readBlobExcerpt(blobs, tenant, part.output.blob, limit),
        );
      } catch {
        // Left out: the view shows the preview and names the blob (`inlineBlobOutput`).
      }
    }
  }
  return excerpts;
}
