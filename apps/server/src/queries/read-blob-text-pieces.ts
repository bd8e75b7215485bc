import type { BlobStore } from '@agent-ledger/blobs';

/** Bytes read from the blob store per range: a piece of text is never bigger than this. */
export const BLOB_TEXT_PIECE_BYTES = 1024 * 1024;

/**
 * A text blob's UTF-8 decoded piece by piece, one range of `pieceBytes` read at a time and only
 * when the caller takes the pieces before it: a 1 GiB text is never whole in memory. A character
 * cut by a range's end is held back for the next piece (`stream: true`).
 */
export async function* readBlobTextPieces(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  blob: { sha256: string; size: number },
  pieceBytes = BLOB_TEXT_PIECE_BYTES,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let start = 0; start < blob.size; start += pieceBytes) {
    const end = Math.min(blob.size, start + pieceBytes) - 1;
    let piece = '';
    for await (const chunk of blobs.read(tenant, blob.sha256, { start, end })) {
      piece += decoder.decode(chunk, { stream: true });
    }
    if (piece !== '') yield piece;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
