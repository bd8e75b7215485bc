import { parseSearchQuery } from './parse-search-query';

describe('parseSearchQuery', () => {
  it('reads words, prefixes, phrases, implied AND, OR, NOT and parentheses', () => {
    expect(parseSearchQuery('login "src/auth.ts" (fail* OR 登录失败) NOT draft -wip')).toEqual({
      expression: {
        type: 'and',
        items: [
          { type: 'word', text: 'login', prefix: false },
          { type: 'phrase', text: 'src/auth.ts' },
          {
            type: 'or',
            items: [
              { type: 'word', text: 'fail', prefix: true },
              { type: 'word', text: '登录失败', prefix: false },
            ],
          },
          { type: 'not', item: { type: 'word', text: 'draft', prefix: false } },
          { type: 'not', item: { type: 'word', text: 'wip', prefix: false } },
        ],
      },
      filters: {},
    });
  });

  it('reads filters anywhere, several values of one filter, and a time range', () => {
    expect(
      parseSearchQuery(
        'kind:tool_result,tool_call tool:Read agent:docs role:tool session:s1 from:2026-01-01 to:2026-02-01T12:00Z error',
      ),
    ).toEqual({
      expression: { type: 'word', text: 'error', prefix: false },
      filters: {
        kinds: ['tool_result', 'tool_call'],
        tools: ['Read'],
        agents: ['docs'],
        roles: ['tool'],
        sessions: ['s1'],
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-02-01T12:00:00.000Z',
      },
    });
  });

  it('takes a query of filters alone, and lower-case operators and inner dashes as words', () => {
    expect(parseSearchQuery('tool:Read')).toEqual({ filters: { tools: ['Read'] } });
    expect(parseSearchQuery('sk-ant or')).toEqual({
      expression: {
        type: 'and',
        items: [
          { type: 'word', text: 'sk-ant', prefix: false },
          { type: 'word', text: 'or', prefix: false },
        ],
      },
      filters: {},
    });
  });

  it.each([
    [
      'login "unclosed',
      'Search query "login \\"unclosed", column 7: the phrase opened here has no closing ".',
    ],
    [
      '(login OR',
      'Search query "(login OR", column 10: the query ends where a word, "phrase" or ( was expected.',
    ],
    ['(login', 'Search query "(login", column 1: "(" is never closed.'],
    ['login)', 'Search query "login)", column 6: unmatched ")".'],
    [
      'kind:tool',
      'Search query "kind:tool", column 1: unknown kind "tool"; expected one of system_note, user_input, assistant_text, assistant_reasoning, tool_call, tool_result, tool_approval_request, tool_approval_response, compact_boundary, compact_summary, runtime_reminder, handoff_summary, agent_switch_note.',
    ],
    [
      'from:yesterday x',
      'Search query "from:yesterday x", column 1: "yesterday" is not a date or time; expected ISO-8601, e.g. 2026-01-31 or 2026-01-31T12:00:00Z.',
    ],
    [
      'a*b',
      'Search query "a*b", column 1: "a*b": * is only accepted at the end of a word (a prefix, e.g. auth*).',
    ],
    [
      'NOT draft',
      'Search query "NOT draft", column 1: NOT needs something to search for beside it (e.g. login NOT draft); a query, an OR alternative or a group of exclusions alone matches nothing to rank.',
    ],
    [
      'login OR -draft',
      'Search query "login OR -draft", column 1: NOT needs something to search for beside it (e.g. login NOT draft); a query, an OR alternative or a group of exclusions alone matches nothing to rank.',
    ],
    [
      'login AND',
      'Search query "login AND", column 10: the query ends where a word, "phrase" or ( was expected.',
    ],
    [
      'login ???',
      'Search query "login ???", column 7: "???" has no letter or digit to search for.',
    ],
    ['tool:', 'Search query "tool:", column 1: filter "tool:" has no value.'],
  ])('refuses %j, saying where', (query, message) => {
    expect(() => parseSearchQuery(query)).toThrow(message);
  });
});
