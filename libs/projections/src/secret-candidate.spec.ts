import fc from 'fast-check';
import { SECRET_CANDIDATE } from './secret-rules';

/** `SECRET_CANDIDATE` as it was written before its alternatives were grouped by first letter. */
const ONE_BY_ONE =
  /-----BEGIN|sk-[\w-]{16}|A[KS]IA|gh[pousr]_|github_pat_|glpat-|npm_|hf_|AIza|[sr]k_(?:live|test)_|xox[a-z]-|hooks\.slack\.com|sg\.|:\/\/[^\s:/?#@"']*:|accountkey=|sharedaccesskey=|mysql|bearer\s|authorization\s*[:=]|eyJ|(?:passw(?:or)?d|secret|api[_-]?key|token|private[_-]?key|account[_-]?key)[\w-]*["']?\s*[:=]|[A-Za-z0-9/+]{40}/i;

// Every alternative's pieces, cut short and in both cases, so that near misses meet too.
const pieces = [
  '-----BEGIN',
  '----BEGIN',
  'sk-',
  'sk_live_',
  'rk_test_',
  'sk_',
  'SG.',
  'sg',
  'sharedaccesskey=',
  'sharedaccesskey',
  'AccountKey=',
  'account_key',
  'account-key',
  'AKIA',
  'ASIA',
  'AIza',
  'aiz',
  'authorization',
  'Authorization :',
  'api_key',
  'apikey',
  'api-KEY',
  'ghp_',
  'gh_',
  'github_pat_',
  'glpat-',
  'npm_',
  'hf_',
  'hooks.slack.com',
  'hooks.slack',
  'xoxb-',
  'xox-',
  '://',
  'redis://:',
  'mysql',
  'MySQL',
  'bearer ',
  'Bearer',
  'eyJ',
  'EYJ',
  'password',
  'passwd',
  'passw',
  'private_key',
  'privatekey',
  'secret',
  'SECRET',
  'token',
  'TOKEN',
  '_value',
  '"',
  "'",
  ':',
  '=',
  ' ',
  '\t',
  '\n',
  '-',
  '_',
  '.',
  'a',
  '0123456789abcdef',
];

describe('SECRET_CANDIDATE', () => {
  it('finds a candidate in exactly the texts its one-by-one form does', () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(...pieces),
          fc.constantFrom(...pieces).map((piece) => piece.toUpperCase()),
          fc.stringMatching(/^[A-Za-z0-9_.:=-]{0,20}$/),
          fc.string({ maxLength: 3 }),
        ),
        { maxLength: 10 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (value) => {
        expect(SECRET_CANDIDATE.test(value)).toBe(ONE_BY_ONE.test(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('finds every piece a rule starts from, alone, and no prose or code without one', () => {
    for (const piece of [
      'sk-' + 'x'.repeat(16),
      'sk_live_',
      'AKIA',
      'hf_',
      'eyJ',
      'token=',
      'api_key:',
    ]) {
      expect([piece, SECRET_CANDIDATE.test(piece)]).toEqual([piece, true]);
    }
    const code = 'export function login(user, password) { return session.key; }\n';
    expect(SECRET_CANDIDATE.test(code)).toBe(false);
  });
});
