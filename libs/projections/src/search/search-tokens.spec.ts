import fc from 'fast-check';
import { searchIndexText, searchTokens } from './search-tokens';

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

describe('searchIndexText', () => {
  const pieces = fc.constantFrom(
    'loginHandler',
    'src/auth.ts',
    'HTTPServer2',
    'login_handler',
    'v2',
    'plain',
    ' ',
    '\n',
    '…',
    'é',
    'Ünïcode',
    '登录失败',
    '{"a":1}',
    'x',
    'ABCdef',
    '42',
    '𠀀',
    '😀',
    '𝐀b',
  );
  const texts = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));

  it('stores the parts searchTokens finds, and terms SQLite splits into its terms', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const tokens = searchTokens(text);
        const indexed = searchIndexText(text);
        expect(indexed.parts).toBe(tokens.parts.join(' '));
        // unicode61 with `_` as a word character, case folded: the words of `terms`.
        expect(indexed.terms.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).toEqual(tokens.terms);
      }),
      { numRuns: 300 },
    );
  });

  it('stores a text without CJK as it is, with the parts searchTokens finds, whatever its characters are next to', () => {
    // Single characters, so that every pair and triple of classes meets (case changes, letters
    // beside digits, two capitals before a lower-case letter, a non-ASCII character between).
    const characters = fc.constantFrom(...'aAbBzZ09_ .-…éÜ𝐀😀登'.match(/./gsu)!);
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 24 }), (array) => {
        const text = array.join('');
        const tokens = searchTokens(text);
        expect(searchIndexText(text)).toEqual({
          terms: cjk.test(text) ? tokens.terms.join(' ') : text,
          parts: tokens.parts.join(' '),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
