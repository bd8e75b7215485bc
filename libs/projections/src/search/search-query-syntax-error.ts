/**
 * A search query that cannot be read: says what was wrong and where (`column`, 1-based, in the
 * query text), and what would be accepted.
 */
export class SearchQuerySyntaxError extends Error {
  readonly code = 'InvalidSearchQuery';
  constructor(
    readonly query: string,
    readonly column: number,
    detail: string,
  ) {
    super(`Search query ${JSON.stringify(query)}, column ${column}: ${detail}`);
  }
}
