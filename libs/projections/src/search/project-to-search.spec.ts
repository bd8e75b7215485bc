import { seedExampleMessages } from '@agent-ledger/testing';
import { projectToSearch } from './project-to-search';
import { searchSnippet } from './search-snippet';
import { parseSearchQuery } from './parse-search-query';

const context = { sessionId: 's1', activeAgentName: 'default' };

describe('projectToSearch', () => {
  it('indexes every message of the seed example, the pruned result whole and truncated', () => {
    const documents = projectToSearch(
      seedExampleMessages().map((message) =>
        message.id === 'm4'
          ? { ...message, metadata: { compactedAt: '2026-04-08T10:00:00Z' } }
          : message,
      ),
      context,
    ).messages;
    expect(
      documents.map(({ messageId, kind, toolNames, visibility, text }) => ({
        messageId,
        kind,
        toolNames,
        visibility,
        text,
      })),
    ).toEqual([
      {
        messageId: 'm1',
        kind: 'system_note',
        toolNames: [],
        visibility: 'visible',
        text: 'Workspace root is /repo',
      },
      {
        messageId: 'm2',
        kind: 'user_input',
        toolNames: [],
        visibility: 'visible',
        text: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
      },
      {
        messageId: 'm3',
        kind: 'tool_call',
        toolNames: ['Read'],
        visibility: 'visible',
        text: 'Read\n{"file_path":"src/auth.ts"}',
      },
      {
        messageId: 'm4',
        kind: 'tool_result',
        toolNames: ['Read'],
        visibility: 'truncated',
        text: '...长文件...',
      },
      {
        messageId: 'm5',
        kind: 'assistant_text',
        toolNames: [],
        visibility: 'visible',
        text: '我先定位问题，再修改登录逻辑。',
      },
    ]);
  });

  it('says which messages are behind the latest boundary: system notes carry over, the summary is seen', () => {
    const base = { sessionId: 's1', createdAt: '2026-01-01T00:00:00Z' };
    const documents = projectToSearch(
      [
        { ...base, id: 'n', kind: 'system_note', role: 'system', content: 'rules' },
        { ...base, id: 'u', kind: 'user_input', role: 'user', content: 'old question' },
        {
          ...base,
          id: 'b',
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
        {
          ...base,
          id: 's',
          kind: 'compact_summary',
          role: 'user',
          content: 'summary',
          metadata: { summaryForBoundaryId: 'b' },
        },
        {
          ...base,
          id: 'h',
          kind: 'user_input',
          role: 'user',
          content: 'secret',
          metadata: { eligibleForModelContext: false },
        },
      ],
      context,
    ).messages;
    expect(documents.map((document) => [document.messageId, document.visibility])).toEqual([
      ['n', 'visible'],
      ['u', 'behind-boundary'],
      ['b', 'hidden'],
      ['s', 'visible'],
      ['h', 'hidden'],
    ]);
  });
});

describe('searchSnippet', () => {
  it('marks every match around the first, case-insensitively, phrases and Chinese words as text', () => {
    const text = `${'x '.repeat(60)}Fix the LoginHandler in src/auth.ts: 登录失败 when loginHandler throws`;
    expect(
      searchSnippet(text, parseSearchQuery('loginhandler "src/auth.ts" 登录失败').expression),
    ).toBe(
      '…x x x x x x x x x x x x x x x x x x x x x x x x x x Fix the «LoginHandler» in «src/auth.ts»: «登录失败» when «loginHandler» throws',
    );
  });

  it('gives the beginning of the text when nothing is marked', () => {
    expect(searchSnippet('short text', undefined)).toBe('short text');
  });
});
