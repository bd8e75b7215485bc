import fc from 'fast-check';
import { redactSecrets } from './redact-secrets';
import { SECRET_CANDIDATE, SECRET_RULES } from './secret-rules';

// Fake credentials are assembled at run time so that secret scanners do not flag this file.
const repeat = (unit: string, times: number) => unit.repeat(times);

describe('redactSecrets', () => {
  it.each([
    ['an OpenAI key', `key ${'sk-proj-' + repeat('Ab1', 10)} end`, 'key [REDACTED] end'],
    ['an Anthropic key', `${'sk-ant-api03-' + repeat('Xy9_', 8)}`, '[REDACTED]'],
    ['an AWS access key id', `aws ${'AKIA' + repeat('ABCD', 4)}.`, 'aws [REDACTED].'],
    ['a GitHub token', `${'ghp_' + repeat('a1B2', 9)}`, '[REDACTED]'],
    ['a GitHub fine-grained token', `${'github_pat_' + repeat('11AB_', 6)}`, '[REDACTED]'],
    ['a Google API key', `${'AIza' + repeat('Sy-_1', 7)}`, '[REDACTED]'],
    [
      'a bearer token',
      `Authorization: Bearer ${repeat('tok3n.', 4)}`,
      'Authorization: Bearer [REDACTED]',
    ],
    [
      'basic credentials',
      `Authorization: Basic ${'dXNlcjpwYXNzd29yZA=='}`,
      'Authorization: Basic [REDACTED]',
    ],
    [
      'a JWT',
      `token ${'eyJhbGciOiJIUzI1NiJ9' + '.' + 'eyJzdWIiOiIxMjM0NSJ9' + '.' + repeat('s1G', 6)}`,
      'token [REDACTED]',
    ],
    ['a password assignment', 'password=hunter2 next', 'password=[REDACTED] next'],
    ['an env-style key', 'OPENAI_API_KEY=abc123', 'OPENAI_API_KEY=[REDACTED]'],
    ['a quoted JSON secret', '{"client_secret": "s3cr3t"}', '{"client_secret": "[REDACTED]"}'],
    ['a YAML api key', "api_key: 'abc'", "api_key: '[REDACTED]'"],
    [
      'a private key block',
      `before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAK\n-----END RSA PRIVATE KEY-----\nafter`,
      'before\n[REDACTED PRIVATE KEY]\nafter',
    ],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves prose and ordinary identifiers alone', () => {
    const prose =
      'Bearer tokens expire; max_tokens: 100, api_key_id=7, task-skeleton and a password policy.';
    expect(redactSecrets(prose)).toBe(prose);
  });

  it('does not re-redact an assignment whose value was already redacted', () => {
    expect(redactSecrets(`api_key=${'sk-' + repeat('Zz9', 8)}`)).toBe('api_key=[REDACTED]');
  });

  it('skips the rules only for text none of them would change (the candidate pre-check)', () => {
    const code = 'export function login(user, password) { /* … */ }\n'.repeat(3);
    expect(SECRET_CANDIDATE.test(code)).toBe(false);
    expect(redactSecrets(code)).toBe(code);
    const everyRule = (text: string): string =>
      SECRET_RULES.reduce(
        (current, [pattern, replacement]) =>
          typeof replacement === 'string'
            ? current.replace(pattern, replacement)
            : current.replace(pattern, replacement),
        text,
      );
    const pieces = [
      ['sk', '-'].join(''),
      ['sk-', 'ant-'].join(''),
      ['sk-', 'proj-'].join(''),
      'AKIA',
      'ASIA',
      'ghp_',
      'gho_',
      ['github', '_pat_'].join(''),
      'AIza',
      'Bearer ',
      'bearer\t',
      'Authorization: Basic ',
      'authorization=basic ',
      'eyJ',
      '.eyJ',
      ['eyJ', repeat('Ab1_', 3), '.'].join(''),
      '-----BEGIN RSA PRIVATE KEY-----\n',
      '\n-----END RSA PRIVATE KEY-----',
      'password',
      'PASSWD',
      'client_secret',
      'api-key',
      'apikey',
      'ACCESS_TOKEN',
      'token',
      'private_key',
      'SECRET_KEY',
      'SecretAccessKey',
      '_PROD',
      ['sk', '_live_'].join(''),
      ['xo', 'xb-'].join(''),
      'hooks.slack.com/services/',
      ['np', 'm_'].join(''),
      ['h', 'f_'].join(''),
      'SG.',
      'glpat-',
      'AccountKey=',
      'mysql -u root ',
      '-p',
      'postgres://',
      'redis://:',
      'u:p@',
      '@',
      'string',
      '[REDACTED]',
      repeat('Ab1_', 5),
      repeat('ABCD', 4),
      '=',
      ': ',
      '"',
      "'",
      ' ',
      '\n',
    ];
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(...pieces),
          fc.stringMatching(/^[A-Za-z0-9_.-]{0,40}$/),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (value) => {
        expect(redactSecrets(value)).toBe(everyRule(value));
      }),
      { numRuns: 2000 },
    );
  });
});
