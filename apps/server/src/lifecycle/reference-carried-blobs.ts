import type { BlobStore } from '@agent-ledger/blobs';
import { splitSessionKey, type SessionEvent } from '@agent-ledger/events';

/**
 * Records that the fork `forkKey` refers to every blob the tool outputs it carries name, before
 * the fork is appended: a blob lives while a session refers to it, so without these references
 * erasing the source would delete blobs the fork still shows and sends to the model.
 */
export async function referenceCarriedBlobs(
  blobs: Pick<BlobStore, 'addReference'>,
  events: readonly SessionEvent[],
  forkKey: string,
): Promise<void> {
  const { tenant } = splitSessionKey(forkKey);
  const hashes = new Set<string>();
  for (const event of events) {
    if (event.type !== 'ToolResultRecorded') continue;
    for (const part of event.data.content) {
      if (part.output.type === 'blob') hashes.add(part.output.blob.sha256);
    }
  }
  for (const sha256 of hashes) await blobs.addReference(tenant, sha256, forkKey);
}
