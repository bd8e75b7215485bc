import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * For each message by position, the id of the latest `compact_boundary` at or before it: the
 * compaction whose scope the message falls in (`undefined` before the first boundary).
 */
export function compactScopeBoundaryIds(
  messages: readonly RuntimeMessage[],
): Array<string | undefined> {
  let current: string | undefined;
  return messages.map((message) => {
    if (message.kind === 'compact_boundary') current = message.id;
    return current;
  });
}
