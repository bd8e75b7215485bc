import type { BlobStore } from '@agent-ledger/blobs';
import type { ContentBlobRef } from '@agent-ledger/messages';
import { blobExcerptLengths, type BlobExcerpt } from '@agent-ledger/projections';

/** UTF-8 bytes a UTF-16 code unit takes at most (a 4-byte character is two code units). */
const MAX_BYTES_PER_CODE_UNIT = 3;
/** A few bytes more than the excerpt needs: a character cut at the range's edge is skipped. */
const EDGE_BYTES = 4;

/**
 * The head and tail of a text blob the model view keeps under `limit` (`blobExcerptLengths`),
 * read by two ranges of at most 3 bytes per code unit kept (plus a character's bytes at the
 * edge), never the whole blob: what `truncateText` keeps of the same text inline, code unit for
 * code unit. A text within the limit is read whole (it is at most 3 × `limit` bytes).
 */
export async function readBlobExcerpt(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  blob: ContentBlobRef,
  limit: number,
): Promise<BlobExcerpt> {
  const lengths = blobExcerptLengths(blob.textLength ?? blob.size, limit);
  if (blob.size === 0) return { head: '', tail: '' };
  const headEnd = Math.min(blob.size, lengths.head * MAX_BYTES_PER_CODE_UNIT + EDGE_BYTES) - 1;
  const head =
    lengths.head === 0
      ? ''
      : (await readText(blobs, tenant, blob.sha256, 0, headEnd)).slice(0, lengths.head);
  if (lengths.tail === 0) return { head, tail: '' };
  const tailStart = Math.max(0, blob.size - lengths.tail * MAX_BYTES_PER_CODE_UNIT - EDGE_BYTES);
  const bytes = await readBytes(blobs, tenant, blob.sha256, tailStart, blob.size - 1);
  // Skip the continuation bytes of a character the range starts inside of.
  let start = 0;
  if (tailStart > 0)
    while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  const text = new TextDecoder().decode(bytes.subarray(start));
  return { head, tail: text.slice(text.length - lengths.tail) };
}

async function readText(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  sha256: string,
  start: number,
  end: number,
): Promise<string> {
  return new TextDecoder().decode(await readBytes(blobs, tenant, sha256, start, end));
}

async function readBytes(
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  sha256: string,
  start: number,
  end: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of blobs.read(tenant, sha256, { start, end })) chunks.push(chunk);
  return Buffer.concat(chunks);
}
