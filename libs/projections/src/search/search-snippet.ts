import type { SearchExpression } from './search-query';
import { searchTokens } from './search-tokens';

/** Around each hit, this many characters of context (before and after the first match). */
const CONTEXT_CHARS = 60;
/** The marks around a match in a snippet. */
export const SNIPPET_MATCH_START = '«';
export const SNIPPET_MATCH_END = '»';

/**
 * A short excerpt of `text` around the first match of the query's terms, every match in it marked
 * `«…»`, cut at `…` on both sides, whitespace runs shown as one space. Matches are found as the
 * index finds them: case-insensitively, a word anywhere it starts a token or a piece of one
 * (`handler` in `loginHandler`), a prefix likewise, a phrase or a Chinese word as its text. Text
 * without a match (a filter-only query, a match the index made on pieces) gives its beginning.
 */
export function searchSnippet(
  text: string,
  expression: SearchExpression | undefined,
  maxChars = 2 * CONTEXT_CHARS,
): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const ranges = matchRanges(flat, expression === undefined ? [] : needlesOf(expression));
  const first = ranges[0];
  const start = first === undefined ? 0 : Math.max(0, first[0] - Math.floor(maxChars / 2));
  const end = Math.min(flat.length, start + maxChars);
  let snippet = '';
  let cursor = start;
  for (const [from, to] of ranges) {
    if (from < cursor || to > end) continue;
    snippet +=
      flat.slice(cursor, from) + SNIPPET_MATCH_START + flat.slice(from, to) + SNIPPET_MATCH_END;
    cursor = to;
  }
  snippet += flat.slice(cursor, end);
  return `${start > 0 ? '…' : ''}${snippet}${end < flat.length ? '…' : ''}`;
}

/** The texts to mark: each word and phrase the query asks for (not those it excludes). */
function needlesOf(expression: SearchExpression): string[] {
  switch (expression.type) {
    case 'word':
    case 'phrase':
      return searchTokens(expression.text).terms.length === 0 ? [] : [expression.text.trim()];
    case 'and':
    case 'or':
      return expression.items.flatMap(needlesOf);
    case 'not':
      return [];
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}

/** Non-overlapping ranges of the needles in `text`, in order, longest needle first on a tie. */
function matchRanges(text: string, needles: readonly string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  const found: Array<[number, number]> = [];
  for (const needle of new Set(needles.map((item) => item.toLowerCase()))) {
    if (needle === '') continue;
    for (
      let at = lower.indexOf(needle);
      at !== -1;
      at = lower.indexOf(needle, at + needle.length)
    ) {
      found.push([at, at + needle.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: Array<[number, number]> = [];
  for (const range of found) {
    const last = ranges[ranges.length - 1];
    if (last === undefined || range[0] >= last[1]) ranges.push(range);
  }
  return ranges;
}
