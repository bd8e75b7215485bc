import type { BlobStore } from '@agent-ledger/blobs';
import type { ContentBlobRef } from '@agent-ledger/messages';
import { readBlobTextPieces } from './read-blob-text-pieces';
import { redactInPieces } from './redact-in-pieces';

/**
 * The whole text a text or reasoning part keeps in `blob`, in pieces, or `undefined` when the
 * store no longer holds the blob (the export then shows the preview).
 */
export type WholeBlobTextReader = (
  blob: ContentBlobRef,
) => Promise<AsyncIterable<string> | undefined>;

/**
 * Reads long texts from the tenant's blob store for the Markdown export: by ranges, redacted by
 * the export's policy (`redact`, or nothing when it is `undefined`) as the messages are.
 */
export function wholeBlobTextReader(
  blobs: Pick<BlobStore, 'read' | 'stat'>,
  tenant: string,
  redact: ((text: string) => string) | undefined,
): WholeBlobTextReader {
  return async (blob) => {
    const stored = await blobs.stat(tenant, blob.sha256);
    if (stored === undefined) return undefined;
    const pieces = readBlobTextPieces(blobs, tenant, { sha256: blob.sha256, size: stored.size });
    return redact === undefined ? pieces : redactInPieces(pieces, redact);
  };
}
