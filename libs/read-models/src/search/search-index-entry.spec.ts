import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexEntry } from './search-index-entry';
import { facet } from './search-facets';

function userInput(content: string): RuntimeMessage {
  return {
    id: 'm1',
    sessionId: 's1',
    createdAt: '2026-03-01T10:00:00.000Z',
    kind: 'user_input',
    role: 'user',
    content,
  };
}

const FACETS = `${facet.kind('user_input')} ${facet.role('user')} ${facet.session('s1')}`;

describe('searchIndexEntry', () => {
  it('keeps every word in order in terms, and each piece of a word once in parts', () => {
    const entry = searchIndexEntry(
      userInput('const12 = loginHandler(const12); const7 = login_handler'),
      's1',
      [],
      null,
    );
    expect(entry).toEqual({
      terms: 'const12 = loginHandler(const12); const7 = login_handler',
      parts: 'const 12 login handler 7',
      facets: FACETS,
    });
  });

  it('keeps each CJK character once in parts and every pair in terms', () => {
    const entry = searchIndexEntry(userInput('登录失败，登录成功'), 's1', [], null);
    expect(entry).toEqual({
      terms: '登录 录失 失败 登录 录成 成功',
      parts: '登 录 失 败 成 功',
      facets: FACETS,
    });
  });

  it('leaves parts empty for text without pieces', () => {
    expect(searchIndexEntry(userInput('plain words only'), 's1', [], null).parts).toBe('');
  });
});
