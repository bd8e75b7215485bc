import { stringOf } from '../internal/json';
import type { JsonlEntry } from './parse-jsonl';

const CONVERSATION_TYPES = new Set(['user', 'assistant']);

/**
 * The entries of the conversation's main line, in file order: from the last user or assistant
 * entry back through `parentUuid` to the root (across a compaction, whose boundary has no parent
 * but a `logicalParentUuid`). Entries of a rewound branch (the user went back and edited an
 * earlier message) are not on it, nor are sidechains of sub-agents written into the main file.
 *
 * A compact boundary whose `logicalParentUuid` names an entry that is not in the file (real files
 * have this: Claude Code names the pre-compaction leaf of a transcript it did not write back)
 * joins the main line at the conversation entry just before it in the file; reading the missing
 * parent as a root would leave all the history before it out, as if rewound.
 */
export function mainChain(entries: readonly JsonlEntry[], sidechain: boolean): Set<JsonlEntry> {
  const byUuid = new Map<string, JsonlEntry>();
  for (const entry of entries) {
    const uuid = stringOf(entry.value.uuid);
    if (uuid !== undefined) byUuid.set(uuid, entry);
  }
  const onLine = (entry: JsonlEntry): boolean =>
    (entry.value.isSidechain === true) === sidechain &&
    CONVERSATION_TYPES.has(stringOf(entry.value.type) ?? '');
  const leaf = [...entries].reverse().find(onLine);
  const entryBefore = (entry: JsonlEntry): JsonlEntry | undefined => {
    const index = entries.indexOf(entry);
    return entries.slice(0, index).reverse().find(onLine);
  };
  const chain = new Set<JsonlEntry>();
  let current = leaf;
  while (current !== undefined && !chain.has(current)) {
    chain.add(current);
    const parent = stringOf(current.value.parentUuid);
    if (parent !== undefined) {
      current = byUuid.get(parent);
      continue;
    }
    const logicalParent = stringOf(current.value.logicalParentUuid);
    if (logicalParent === undefined) break;
    current = byUuid.get(logicalParent) ?? entryBefore(current);
  }
  return chain;
}
