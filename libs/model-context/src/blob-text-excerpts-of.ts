import type { BlobStore } from '@agent-ledger/blobs';
import type { SessionLogEvent } from '@agent-ledger/events';
import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';
import {
  blobTextsOf,
  LATEST_TURN_BLOB_TEXT_LIMIT_CHARS,
  type BlobExcerpt,
  type BlobExcerpts,
} from '@agent-ledger/projections';
import { readBlobExcerpt } from './read-blob-excerpt';

/**
 * The excerpts the model view needs of the texts kept as blobs in `events` (a model window): long
 * text and reasoning parts, large tool-input strings (`blobTextsOf`). A text of the latest turn
 * (from the window's last user input on) is read whole when it has at most `latestTurnLimit`
 * characters: the turn the model answers reaches it as the runtime recorded it. Any other, and a
 * longer one, is read as the head and tail `softLimit` keeps, as a blob tool output is
 * (`readBlobExcerpt`: by range, never the whole blob). A blob met twice is read once, for the
 * larger need. A blob that cannot be read is left out: the view shows its preview and says so.
 */
export async function blobTextExcerptsOf(
  events: readonly SessionLogEvent[],
  blobs: Pick<BlobStore, 'read'>,
  tenant: string,
  softLimit: number,
  latestTurnLimit = LATEST_TURN_BLOB_TEXT_LIMIT_CHARS,
): Promise<BlobExcerpts> {
  let latestTurnStart = 0;
  events.forEach(({ event }, index) => {
    if (event.type === 'UserInputRecorded') latestTurnStart = index;
  });
  const needs = new Map<string, { blob: ContentBlobRef; limit: number }>();
  events.forEach(({ event }, index) => {
    const message = runtimeMessageOf(event);
    if (message === undefined) return;
    for (const blob of blobTextsOf(message)) {
      const length = blob.textLength ?? blob.size;
      const limit = index >= latestTurnStart && length <= latestTurnLimit ? length : softLimit;
      const need = needs.get(blob.sha256);
      if (need === undefined || need.limit < limit) needs.set(blob.sha256, { blob, limit });
    }
  });
  const excerpts = new Map<string, BlobExcerpt>();
  for (const [sha256, { blob, limit }] of needs) {
    try {
      excerpts.set(sha256, await readBlobExcerpt(blobs, tenant, blob, limit));
    } catch {
      // Left out: the view shows the preview and names the blob (`inlineBlobText`).
    }
  }
  return excerpts;
}

/** The runtime message a message event records, for the kinds that may hold text blobs. */
function runtimeMessageOf(event: SessionLogEvent['event']): RuntimeMessage | undefined {
  return event.type === 'UserInputRecorded' ||
    event.type === 'AssistantTextRecorded' ||
    event.type === 'AssistantReasoningRecorded' ||
    event.type === 'ToolCallRecorded'
    ? event.data
    : undefined;
}
