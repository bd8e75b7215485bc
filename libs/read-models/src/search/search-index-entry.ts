import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexText, searchTextOf } from '@agent-ledger/projections';
import { facet } from './search-facets';

/** One row of the FTS5 indexes `rm_search_index` and `rm_search_redacted_index`: its three columns. */
export interface SearchIndexEntry {
  terms: string;
  parts: string;
  facets: string;
}

/**
 * What the search index holds for a recorded message: `searchTokens` of its `searchTextOf` (as
 * `searchIndexText` gives them to FTS5, each piece of a word once: see `eachPieceOnce`),
 * and the facet tokens of its kind, role, session, tool names and agent, which the filters match.
 */
export function searchIndexEntry(
  message: RuntimeMessage,
  sessionId: string,
  toolNames: readonly string[],
  agent: string | null,
): SearchIndexEntry {
  return entryOf(searchTextOf(message), message, sessionId, toolNames, agent);
}

/**
 * The entries of a recorded message in both indexes: `recorded`, of the text as recorded
 * (`searchIndexEntry`), and `redacted`, of the text, tool names and agent as `redact` (the view
 * redaction) leaves them, which searches without `audit` match. A message with nothing to redact
 * (most) has one entry for both, tokenized once.
 */
export function searchIndexEntries(
  message: RuntimeMessage,
  sessionId: string,
  toolNames: readonly string[],
  agent: string | null,
  redact: (text: string) => string,
): { recorded: SearchIndexEntry; redacted: SearchIndexEntry } {
  const text = searchTextOf(message);
  const recorded = entryOf(text, message, sessionId, toolNames, agent);
  const redactedText = redact(text);
  const redactedNames = toolNames.map(redact);
  const redactedAgent = agent === null ? null : redact(agent);
  const unchanged =
    redactedText === text &&
    redactedAgent === agent &&
    redactedNames.every((name, index) => name === toolNames[index]);
  return {
    recorded,
    redacted: unchanged
      ? recorded
      : entryOf(redactedText, message, sessionId, redactedNames, redactedAgent),
  };
}

function entryOf(
  text: string,
  message: RuntimeMessage,
  sessionId: string,
  toolNames: readonly string[],
  agent: string | null,
): SearchIndexEntry {
  const indexed = searchIndexText(text);
  let facets = `${facet.kind(message.kind)} ${facet.role(message.role)} ${facet.session(sessionId)}`;
  for (const name of toolNames) facets += ` ${facet.tool(name)}`;
  if (agent !== null) facets += ` ${facet.agent(agent)}`;
  return { terms: indexed.terms, parts: eachPieceOnce(indexed.parts), facets };
}

/**
 * The `parts` column with each piece once, in the order of first use. No query reads a position
 * in it (a piece is looked up alone, never in a phrase), but FTS5 stores one for every token: a
 * source file that says `const12` forty times held `const` forty times. Once per message is what
 * finds the message; the cost is in BM25, where a piece now counts once per message (at its
 * weight of 0.5) however often the message repeats it (docs/search.md).
 */
function eachPieceOnce(parts: string): string {
  if (parts.length === 0) return parts;
  const pieces = parts.split(' ');
  const distinct = new Set(pieces);
  return distinct.size === pieces.length ? parts : [...distinct].join(' ');
}
