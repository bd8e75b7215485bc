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
 * `searchIndexText` gives them to FTS5),
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
  return { terms: indexed.terms, parts: indexed.parts, facets };
}
