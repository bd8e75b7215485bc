import type { RuntimeMessage } from '@agent-ledger/messages';
import type { BlobExcerpts } from './blob-excerpt';
import { blobTextsOf } from './blob-texts-of';

/**
 * What was read of the text blobs of `messages` (`blobTextsOf`), as a key: each excerpt's head
 * and tail lengths (`-`: none read); empty when they hold none or none was read for the window. A text blob is read whole in the
 * latest turn and cut in earlier ones, so a message's projection depends on it: a cache of
 * projections keys on it to project a message again once a later turn comes.
 */
export function blobTextExcerptsKey(
  messages: readonly RuntimeMessage[],
  excerpts: BlobExcerpts | undefined,
): string {
  // No text blob read for the window: every message's key is the same, so none is walked.
  if (excerpts === undefined || excerpts.size === 0) return '';
  const lengths: string[] = [];
  for (const message of messages) {
    for (const { sha256 } of blobTextsOf(message)) {
      const excerpt = excerpts?.get(sha256);
      lengths.push(excerpt === undefined ? '-' : `${excerpt.head.length}+${excerpt.tail.length}`);
    }
  }
  return lengths.join(',');
}
