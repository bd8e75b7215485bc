import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexText, searchTextOf } from '@agent-ledger/projections';
import { facet } from './search-facets';

/** One row of the FTS5 index `rm_search_index`: its three columns. */
export interface SearchIndexEntry {
  terms: string;
  parts: string;
  facets: string;
}

/**
 * What the search index holds for a recorded message: `searchTokens` of its `searchTextOf` (as
 * `searchIndexText` gives them to FTS5),
 * and the facet tokens of its kind, role, session, tool names and agent, which the filters match.
 */
export function searchIndexEntry(
  message: RuntimeMessage,
  sessionId: string,
  toolNames: readonly string[],
  agent: string | null,
): SearchIndexEntry {
  const indexed = searchIndexText(searchTextOf(message));
  let facets = `${facet.kind(message.kind)} ${facet.role(message.role)} ${facet.session(sessionId)}`;
  for (const name of toolNames) facets += ` ${facet.tool(name)}`;
  if (agent !== null) facets += ` ${facet.agent(agent)}`;
  return { terms: indexed.terms, parts: indexed.parts, facets };
}
