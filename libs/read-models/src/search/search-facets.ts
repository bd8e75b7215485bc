/**
 * The `facets` tokens of the search index: one per filter value, so a filter is a full-text
 * condition that SQLite evaluates with the words (no scan of the matches). Names are hex-encoded
 * (any string, never split by the tokenizer); kinds and roles are identifiers already.
 */
export const facet = {
  kind: (kind: string) => `k${kind}`,
  role: (role: string) => `r${role}`,
  tool: (name: string) => `t${hex(name)}`,
  agent: (name: string) => `a${hex(name)}`,
  session: (sessionId: string) => `s${hex(sessionId)}`,
};

/** Names hex-encoded so far: a rebuild meets the same session, tool and agent names again and again. */
const hexOf = new Map<string, string>();

function hex(text: string): string {
  let known = hexOf.get(text);
  if (known === undefined) {
    known = Buffer.from(text, 'utf8').toString('hex');
    // Bounded: a long-lived server meets new session ids without end.
    if (hexOf.size >= 4096) hexOf.clear();
    hexOf.set(text, known);
  }
  return known;
}
