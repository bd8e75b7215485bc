import type { RuntimeMessageKind, RuntimeMessageRole } from '@agent-ledger/messages';

/** A text condition of a search query, as parsed. */
export type SearchExpression =
  | { type: 'word'; text: string; prefix: boolean }
  | { type: 'phrase'; text: string }
  | { type: 'and'; items: SearchExpression[] }
  | { type: 'or'; items: SearchExpression[] }
  | { type: 'not'; item: SearchExpression };

/** The filters of a search query: each field holds the accepted values (any of them matches). */
export interface SearchFilters {
  kinds?: RuntimeMessageKind[];
  roles?: RuntimeMessageRole[];
  tools?: string[];
  agents?: string[];
  sessions?: string[];
  /** ISO-8601 instants: `createdAt >= from` and `createdAt < to`. */
  from?: string;
  to?: string;
}

/** A parsed search query: text to match (none: filters alone) and filters. */
export interface SearchQuery {
  expression?: SearchExpression;
  filters: SearchFilters;
}
