import type { JsonObject } from '@agent-ledger/messages';

/**
 * The entries of `incoming` not yet among `kept` (the same transcript's), in order: an entry
 * with a `uuid` already kept, or met earlier in `incoming`, is a retry or a replay and left out;
 * an entry without a `uuid` (a title, a tag, a mode marker) is always new, as the Claude Agent
 * SDK's `SessionStore` contract asks.
 */
export function newClaudeCodeEntries(
  kept: readonly JsonObject[],
  incoming: readonly JsonObject[],
): JsonObject[] {
  const seen = new Set<string>();
  for (const entry of kept) if (typeof entry.uuid === 'string') seen.add(entry.uuid);
  return incoming.filter((entry) => {
    if (typeof entry.uuid !== 'string') return true;
    if (seen.has(entry.uuid)) return false;
    seen.add(entry.uuid);
    return true;
  });
}
