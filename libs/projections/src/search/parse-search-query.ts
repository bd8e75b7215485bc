import type { RuntimeMessageKind, RuntimeMessageRole } from '@agent-ledger/messages';
import type { SearchExpression, SearchFilters, SearchQuery } from './search-query';
import { SearchQuerySyntaxError } from './search-query-syntax-error';
import { searchTokens } from './search-tokens';

const KINDS: readonly RuntimeMessageKind[] = [
  'system_note',
  'user_input',
  'assistant_text',
  'assistant_reasoning',
  'tool_call',
  'tool_result',
  'tool_approval_request',
  'tool_approval_response',
  'compact_boundary',
  'compact_summary',
  'runtime_reminder',
  'handoff_summary',
  'agent_switch_note',
];
const ROLES: readonly RuntimeMessageRole[] = ['system', 'user', 'assistant', 'tool'];
const FILTERS = ['kind', 'role', 'tool', 'agent', 'session', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];

type Token =
  | { type: 'word'; text: string; column: number }
  | { type: 'phrase'; text: string; column: number }
  | { type: 'filter'; name: FilterName; value: string; column: number }
  | { type: 'operator'; text: 'AND' | 'OR' | 'NOT' | '(' | ')' | '-'; column: number };

/**
 * Reads the search query language: words (`login`), prefixes (`auth*`), "phrases", `AND` (also
 * implied between terms), `OR`, `NOT` (or a leading `-`), parentheses, and filters that apply to
 * the whole query: `kind:tool_result`, `role:tool`, `tool:Read`, `agent:docs`, `session:s1`,
 * `from:2026-01-01`, `to:2026-02-01T12:00Z` (several values of one filter: `kind:a,b` or the
 * filter twice). Operators are upper case; a lower-case `or` is a word. Throws
 * `SearchQuerySyntaxError` naming the column of what it cannot read.
 */
export function parseSearchQuery(query: string): SearchQuery {
  const tokens = tokenize(query);
  const filters: SearchFilters = {};
  const textTokens: Token[] = [];
  for (const token of tokens) {
    if (token.type === 'filter') addFilter(filters, token, query);
    else textTokens.push(token);
  }
  if (textTokens.length === 0) return { filters };
  const parser = new Parser(query, textTokens);
  const expression = parser.parseOr();
  parser.expectEnd();
  requirePositive(expression, query, textTokens[0]?.column ?? 1);
  return { expression, filters };
}

class Parser {
  private index = 0;
  constructor(
    private readonly query: string,
    private readonly tokens: Token[],
  ) {}

  parseOr(): SearchExpression {
    const items = [this.parseAnd()];
    while (this.isOperator('OR')) {
      this.index += 1;
      items.push(this.parseAnd());
    }
    return items.length === 1 ? items[0]! : { type: 'or', items };
  }

  expectEnd(): void {
    const token = this.tokens[this.index];
    if (token !== undefined) {
      throw new SearchQuerySyntaxError(this.query, token.column, 'unmatched ")".');
    }
  }

  private parseAnd(): SearchExpression {
    const items = [this.parseUnary()];
    for (;;) {
      if (this.isOperator('AND')) {
        this.index += 1;
        items.push(this.parseUnary());
        continue;
      }
      const next = this.tokens[this.index];
      if (
        next === undefined ||
        (next.type === 'operator' && (next.text === 'OR' || next.text === ')'))
      )
        break;
      items.push(this.parseUnary());
    }
    return items.length === 1 ? items[0]! : { type: 'and', items };
  }

  private parseUnary(): SearchExpression {
    const token = this.tokens[this.index];
    if (token?.type === 'operator' && (token.text === 'NOT' || token.text === '-')) {
      this.index += 1;
      return { type: 'not', item: this.parseUnary() };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): SearchExpression {
    const token = this.tokens[this.index];
    if (token === undefined) {
      throw new SearchQuerySyntaxError(
        this.query,
        this.query.length + 1,
        'the query ends where a word, "phrase" or ( was expected.',
      );
    }
    this.index += 1;
    switch (token.type) {
      case 'word':
      case 'phrase':
        requireSearchable(this.query, token);
        if (token.type === 'phrase') return { type: 'phrase', text: token.text };
        return token.text.endsWith('*')
          ? { type: 'word', text: token.text.slice(0, -1), prefix: true }
          : { type: 'word', text: token.text, prefix: false };
      case 'operator': {
        if (token.text === '(') {
          const inner = this.parseOr();
          if (!this.isOperator(')')) {
            throw new SearchQuerySyntaxError(this.query, token.column, '"(" is never closed.');
          }
          this.index += 1;
          return inner;
        }
        throw new SearchQuerySyntaxError(
          this.query,
          token.column,
          `"${token.text}" where a word, "phrase" or ( was expected.`,
        );
      }
      case 'filter':
        throw new SearchQuerySyntaxError(this.query, token.column, 'unexpected filter.');
      default: {
        const unreachable: never = token;
        return unreachable;
      }
    }
  }

  private isOperator(text: string): boolean {
    const token = this.tokens[this.index];
    return token?.type === 'operator' && token.text === text;
  }
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < query.length) {
    const character = query[index]!;
    const column = index + 1;
    if (/\s/u.test(character)) {
      index += 1;
    } else if (character === '"') {
      const end = query.indexOf('"', index + 1);
      if (end === -1) {
        throw new SearchQuerySyntaxError(query, column, 'the phrase opened here has no closing ".');
      }
      const text = query.slice(index + 1, end);
      if (text.trim() === '') throw new SearchQuerySyntaxError(query, column, 'empty phrase "".');
      tokens.push({ type: 'phrase', text, column });
      index = end + 1;
    } else if (character === '(' || character === ')') {
      tokens.push({ type: 'operator', text: character, column });
      index += 1;
    } else if (
      character === '-' &&
      /[^\s()"-]/u.test(query[index + 1] ?? ' ') &&
      startsTerm(query, index)
    ) {
      tokens.push({ type: 'operator', text: '-', column });
      index += 1;
    } else {
      let end = index;
      while (end < query.length && !/[\s()"]/u.test(query[end]!)) end += 1;
      const text = query.slice(index, end);
      tokens.push(wordToken(query, text, column));
      index = end;
    }
  }
  return tokens;
}

/** A `-` is NOT only at the start of a term (`-draft`), not inside one (`sk-ant`). */
function startsTerm(query: string, index: number): boolean {
  return index === 0 || /[\s(]/u.test(query[index - 1]!);
}

function wordToken(query: string, text: string, column: number): Token {
  if (text === 'AND' || text === 'OR' || text === 'NOT') return { type: 'operator', text, column };
  const colon = text.indexOf(':');
  const name = text.slice(0, colon);
  if (colon > 0 && (FILTERS as readonly string[]).includes(name)) {
    const value = text.slice(colon + 1);
    if (value === '') {
      throw new SearchQuerySyntaxError(query, column, `filter "${name}:" has no value.`);
    }
    return { type: 'filter', name: name as FilterName, value, column };
  }
  if (text.includes('*') && (text.indexOf('*') !== text.length - 1 || text.length === 1)) {
    throw new SearchQuerySyntaxError(
      query,
      column,
      `"${text}": * is only accepted at the end of a word (a prefix, e.g. auth*).`,
    );
  }
  return { type: 'word', text, column };
}

function addFilter(
  filters: SearchFilters,
  token: Extract<Token, { type: 'filter' }>,
  query: string,
): void {
  const values = token.value.split(',').filter((value) => value !== '');
  const fail = (detail: string): never => {
    throw new SearchQuerySyntaxError(query, token.column, detail);
  };
  switch (token.name) {
    case 'kind':
      filters.kinds = [
        ...(filters.kinds ?? []),
        ...values.map((value) =>
          (KINDS as readonly string[]).includes(value)
            ? (value as RuntimeMessageKind)
            : fail(`unknown kind "${value}"; expected one of ${KINDS.join(', ')}.`),
        ),
      ];
      return;
    case 'role':
      filters.roles = [
        ...(filters.roles ?? []),
        ...values.map((value) =>
          (ROLES as readonly string[]).includes(value)
            ? (value as RuntimeMessageRole)
            : fail(`unknown role "${value}"; expected one of ${ROLES.join(', ')}.`),
        ),
      ];
      return;
    case 'tool':
      filters.tools = [...(filters.tools ?? []), ...values];
      return;
    case 'agent':
      filters.agents = [...(filters.agents ?? []), ...values];
      return;
    case 'session':
      filters.sessions = [...(filters.sessions ?? []), ...values];
      return;
    case 'from':
    case 'to': {
      const instant = Date.parse(token.value);
      if (Number.isNaN(instant)) {
        fail(
          `"${token.value}" is not a date or time; expected ISO-8601, e.g. 2026-01-31 or 2026-01-31T12:00:00Z.`,
        );
      }
      filters[token.name] = new Date(instant).toISOString();
      return;
    }
    default: {
      const unreachable: never = token.name;
      fail(`unknown filter ${String(unreachable)}`);
    }
  }
}

/**
 * Every alternative must search for something (SQLite's full-text search has no bare NOT): an
 * AND group needs one term that is not excluded, each OR alternative must be such a group, and
 * what NOT excludes must itself be searchable.
 */
function requirePositive(expression: SearchExpression, query: string, column: number): void {
  const positive = (node: SearchExpression): boolean => {
    switch (node.type) {
      case 'word':
      case 'phrase':
        return true;
      case 'not':
        return false;
      case 'and':
        return node.items.some(positive) && node.items.every(valid);
      case 'or':
        return node.items.every(positive);
      default: {
        const unreachable: never = node;
        return unreachable;
      }
    }
  };
  const valid = (node: SearchExpression): boolean =>
    node.type === 'not' ? positive(node.item) : positive(node);
  if (!positive(expression)) {
    throw new SearchQuerySyntaxError(
      query,
      column,
      'NOT needs something to search for beside it (e.g. login NOT draft); a query, an OR alternative or a group of exclusions alone matches nothing to rank.',
    );
  }
}

/** A word or phrase of punctuation alone matches nothing the index holds. */
function requireSearchable(query: string, token: { text: string; column: number }): void {
  if (searchTokens(token.text.replace(/\*$/u, '')).terms.length === 0) {
    throw new SearchQuerySyntaxError(
      query,
      token.column,
      `"${token.text}" has no letter or digit to search for.`,
    );
  }
}
