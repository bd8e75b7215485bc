import { searchTokens, type SearchExpression, type SearchFilters } from '@agent-ledger/projections';
import { facet } from './search-facets';

/**
 * The FTS5 MATCH expression of a parsed query over `rm_search_index`: each word is looked up in
 * whole words and pieces of words (`{terms parts}`), a word the tokenizer splits (`src/auth.ts`,
 * `登录失败`) and a phrase as a phrase of terms, a prefix with `*`; the filters other than the time
 * range become conditions on `facets`. `undefined` when there is nothing to match.
 */
export function toFtsMatch(
  expression: SearchExpression | undefined,
  filters: SearchFilters,
): string | undefined {
  const conditions: string[] = [];
  if (expression !== undefined) conditions.push(textCondition(expression));
  const anyOf = (tokens: string[]) =>
    `facets : (${tokens.map((token) => `"${token}"`).join(' OR ')})`;
  if (filters.kinds !== undefined) conditions.push(anyOf(filters.kinds.map(facet.kind)));
  if (filters.roles !== undefined) conditions.push(anyOf(filters.roles.map(facet.role)));
  if (filters.tools !== undefined) conditions.push(anyOf(filters.tools.map(facet.tool)));
  if (filters.agents !== undefined) conditions.push(anyOf(filters.agents.map(facet.agent)));
  if (filters.sessions !== undefined) conditions.push(anyOf(filters.sessions.map(facet.session)));
  return conditions.length === 0 ? undefined : conditions.join(' AND ');
}

function textCondition(expression: SearchExpression): string {
  switch (expression.type) {
    case 'word': {
      const { terms } = searchTokens(expression.text);
      const star = expression.prefix ? ' *' : '';
      if (terms.length === 1) return `{terms parts} : "${terms[0]}"${star}`;
      return `terms : "${terms.join(' ')}"${star}`;
    }
    case 'phrase':
      return `terms : "${searchTokens(expression.text).terms.join(' ')}"`;
    case 'or':
      return `(${expression.items.map(textCondition).join(' OR ')})`;
    case 'not':
      // Only reached inside an AND group, which places its exclusions after `NOT`.
      return textCondition(expression.item);
    case 'and': {
      const included = expression.items.filter((item) => item.type !== 'not');
      const excluded = expression.items.filter((item) => item.type === 'not');
      const positive = `(${included.map(textCondition).join(' AND ')})`;
      return excluded.length === 0
        ? positive
        : `(${positive} NOT (${excluded.map(textCondition).join(' OR ')}))`;
    }
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}
