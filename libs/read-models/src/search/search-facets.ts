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

function hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}
