import type { RuntimeMessage } from '@agent-ledger/messages';
import { blobRefsOfMessage } from './blob-refs-of-message';
import {
  LEDGER_JSONL_CHUNK_BYTES,
  type LedgerBlobReader,
  type LedgerJsonlBlobChunk,
  type LedgerJsonlBlobHeader,
} from './ledger-jsonl-blob';

/**
 * The lines of a JSONL export that includes its blobs: each message as `jsonlLines` writes it,
 * preceded, the first time a message refers to a blob, by the blob's header line and its bytes in
 * chunk lines (`LedgerJsonlBlobHeader`, `LedgerJsonlBlobChunk`). The bytes are read from the store
 * as the lines are taken, one chunk at a time: a 1 GiB blob is never whole in memory. A blob the
 * store does not hold (any more) gets no lines; an import then names it as missing.
 */
export async function* ledgerJsonlWithBlobs(
  messages: Iterable<RuntimeMessage>,
  prepare: (message: RuntimeMessage) => RuntimeMessage,
  blobs: LedgerBlobReader,
): AsyncGenerator<string> {
  const written = new Set<string>();
  for (const message of messages) {
    for (const { sha256 } of blobRefsOfMessage(message)) {
      if (written.has(sha256)) continue;
      written.add(sha256);
      yield* blobLines(sha256, blobs);
    }
    yield `${JSON.stringify(prepare(message))}\n`;
  }
}

async function* blobLines(sha256: string, blobs: LedgerBlobReader): AsyncGenerator<string> {
  const stat = await blobs.stat(sha256);
  if (stat === undefined) return;
  const header: LedgerJsonlBlobHeader = {
    type: 'blob',
    sha256,
    size: stat.size,
    mediaType: stat.mediaType,
    encoding: 'base64',
  };
  yield `${JSON.stringify(header)}\n`;
  for await (const piece of blobs.read(sha256)) {
    for (let start = 0; start < piece.length; start += LEDGER_JSONL_CHUNK_BYTES) {
      const bytes = piece.subarray(start, start + LEDGER_JSONL_CHUNK_BYTES);
      const chunk: LedgerJsonlBlobChunk = {
        type: 'blob-chunk',
        sha256,
        data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      };
      yield `${JSON.stringify(chunk)}\n`;
    }
  }
}
