import type { JsonObject } from '@agent-ledger/messages';
import type { ClaudeCodeFile, ClaudeCodeSource } from '../import-claude-code';

/** Entries kept for one transcript of a Claude Agent SDK session: the main one or a subpath's. */
export interface ClaudeCodeEntryBatch {
  /** The SDK's `SessionKey.subpath` (`subagents/agent-<id>`); absent for the main transcript. */
  subpath?: string;
  entries: readonly JsonObject[];
}

/**
 * The Claude Code files that kept entries make, for `importClaudeCode`: the main transcript's
 * entries as `<sessionId>.jsonl`, each subpath's as `<last segment of the subpath>.jsonl` (the
 * sub-agent file `agent-<id>.jsonl`, as on disk), in the order the entries were kept. Mapping the
 * whole of them again after each append is what makes the mapping incremental: the importer's
 * ids are the entries' uuids, so what was recorded before is recorded again as nothing.
 */
export function claudeCodeSourceOfEntries(
  sessionId: string,
  batches: readonly ClaudeCodeEntryBatch[],
): ClaudeCodeSource {
  const texts = new Map<string | undefined, string[]>();
  for (const batch of batches) {
    const lines = texts.get(batch.subpath) ?? [];
    lines.push(...batch.entries.map((entry) => JSON.stringify(entry)));
    texts.set(batch.subpath, lines);
  }
  const session: ClaudeCodeFile = {
    name: `${sessionId}.jsonl`,
    text: (texts.get(undefined) ?? []).join('\n'),
  };
  const subagents: ClaudeCodeFile[] = [...texts]
    .filter((pair): pair is [string, string[]] => pair[0] !== undefined)
    .map(([subpath, lines]) => ({
      name: `${subpath.split('/').at(-1) ?? subpath}.jsonl`,
      text: lines.join('\n'),
    }));
  return subagents.length === 0 ? { session } : { session, subagents };
}
