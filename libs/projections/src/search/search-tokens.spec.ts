import { searchTokens } from './search-tokens';

describe('searchTokens', () => {
  it('keeps code identifiers whole in terms and their pieces in parts', () => {
    expect(
      searchTokens('Fix loginHandler in src/auth.ts, not login_handler or HTTPServer2'),
    ).toEqual({
      terms: [
        'fix',
        'loginhandler',
        'in',
        'src',
        'auth',
        'ts',
        'not',
        'login_handler',
        'or',
        'httpserver2',
      ],
      parts: ['login', 'handler', 'login', 'handler', 'http', 'server', '2'],
    });
  });

  it('reads Chinese as overlapping pairs, with every character in parts', () => {
    expect(searchTokens('为什么登录失败')).toEqual({
      terms: ['为什', '什么', '么登', '登录', '录失', '失败'],
      parts: ['为', '什', '么', '登', '录', '失', '败'],
    });
  });

  it('separates Chinese from the Latin text around it', () => {
    expect(searchTokens('看看src/auth.ts为什么')).toEqual({
      terms: ['看看', 'src', 'auth', 'ts', '为什', '什么'],
      parts: ['看', '看', '为', '什', '么'],
    });
  });

  it('gives nothing for punctuation and whitespace', () => {
    expect(searchTokens(' {}[]":, \n')).toEqual({ terms: [], parts: [] });
  });
});
