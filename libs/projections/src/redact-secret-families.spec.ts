import { redactSecrets } from './redact-secrets';

// Fake credentials are assembled at run time so that secret scanners do not flag this file.
const join = (...parts: string[]) => parts.join('');
const awsSecret = join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY');
const stripe = join('sk_', 'live_', '51H8xYz', 'Abc123Def456Ghi789Jkl');
const slack = join('xo', 'xb-', '2417396528-', '1234567890123-', 'AbCdEfGhIjKlMnOpQrStUv');
const npmToken = join('np', 'm_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8');
const hfToken = join('h', 'f_', 'AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh');
const sendgrid = join(
  'S',
  'G.',
  'ngeVfQFYQlKU0ufo8x5d1A',
  '.',
  'TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr',
);
const azureKey = join(
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsu',
  'Fq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
);
const gitlab = join('gl', 'pat-', 'xY9zAbCdEfGhIjKlMnOp');

describe('redactSecrets: one test per secret family, in the text it is usually found in', () => {
  it.each([
    [
      'an AWS secret access key in ~/.aws/credentials',
      `[default]\naws_access_key_id = ${join('AKIA', 'IOSFODNN7EXAMPLE')}\naws_secret_access_key = ${awsSecret}\nregion = eu-west-1`,
      '[default]\naws_access_key_id = [REDACTED]\naws_secret_access_key = [REDACTED]\nregion = eu-west-1',
    ],
    [
      'an AWS secret access key in `aws sts` JSON output',
      `{"Credentials": {"AccessKeyId": "ASIA…", "SecretAccessKey": "${awsSecret}", "Expiration": "2026-12-01T10:00:00Z"}}`,
      '{"Credentials": {"AccessKeyId": "ASIA…", "SecretAccessKey": "[REDACTED]", "Expiration": "2026-12-01T10:00:00Z"}}',
    ],
    [
      'a bare AWS secret access key, pasted without its name',
      `The key pair is AKIA… and ${awsSecret}; rotate both.`,
      'The key pair is AKIA… and [REDACTED]; rotate both.',
    ],
    [
      'a bare AWS secret access key in a CSV of credentials',
      `User name,Access key ID,Secret access key\nci,${join('AKIA', 'IOSFODNN7EXAMPLE')},${join('je7MtGbClwBF/2Zp9Utk/h3yCo8nvb', 'EXAMPLEKEY')}`,
      'User name,Access key ID,Secret access key\nci,[REDACTED],[REDACTED]',
    ],
    [
      'a postgres connection string',
      'DATABASE_URL is postgres://app:Tr0ub4dor@db.internal:5432/ledger?sslmode=require',
      'DATABASE_URL is postgres://app:[REDACTED]@db.internal:5432/ledger?sslmode=require',
    ],
    [
      'a password in an https URL',
      'git clone https://deploy:ghs9x8y7@git.example.com/org/repo.git',
      'git clone https://deploy:[REDACTED]@git.example.com/org/repo.git',
    ],
    [
      'a redis URL with only a password',
      'REDIS=redis://:s3cretpass@cache:6379/0 was set',
      'REDIS=redis://:[REDACTED]@cache:6379/0 was set',
    ],
    [
      'a MongoDB SRV string in code',
      `const uri = "mongodb+srv://admin:p%40ss@cluster0.example.net/db";`,
      `const uri = "mongodb+srv://admin:[REDACTED]@cluster0.example.net/db";`,
    ],
    [
      'SECRET_KEY-style names with a suffix',
      'DJANGO_SECRET_KEY=django-insecure-9f2k\nJWT_SECRET_KEY: abcdef123\nDB_PASSWORD_PROD="x9!q"',
      'DJANGO_SECRET_KEY=[REDACTED]\nJWT_SECRET_KEY: [REDACTED]\nDB_PASSWORD_PROD="[REDACTED]"',
    ],
    [
      'a Stripe live key',
      `stripe.api_base; Stripe(${JSON.stringify(stripe)}) // from the dashboard`,
      'stripe.api_base; Stripe("[REDACTED]") // from the dashboard',
    ],
    [
      'a Slack bot token',
      `export SLACK_BOT=${slack}; node bot.js`,
      'export SLACK_BOT=[REDACTED]; node bot.js',
    ],
    [
      'a Slack webhook URL',
      `curl -X POST https://hooks.slack.com/services/${join('T0123ABCD/', 'B0456EFGH/', 'aBcDeFgHiJkLmNoPqRsTuVwX')} -d '{}'`,
      "curl -X POST https://hooks.slack.com/services/[REDACTED] -d '{}'",
    ],
    [
      'an npm token in .npmrc',
      `//registry.npmjs.org/:_authToken=${npmToken}\nsave-exact=true`,
      '//registry.npmjs.org/:_authToken=[REDACTED]\nsave-exact=true',
    ],
    ['an npm token pasted alone', `Use ${npmToken} to publish.`, 'Use [REDACTED] to publish.'],
    [
      'a Hugging Face token',
      `huggingface-cli login --token ${hfToken} --add-to-git-credential`,
      'huggingface-cli login --token [REDACTED] --add-to-git-credential',
    ],
    [
      'a SendGrid key',
      `sg = SendGridAPIClient('${sendgrid}')`,
      "sg = SendGridAPIClient('[REDACTED]')",
    ],
    [
      'an Azure storage connection string',
      `DefaultEndpointsProtocol=https;AccountName=ledgerstore;AccountKey=${azureKey};EndpointSuffix=core.windows.net`,
      'DefaultEndpointsProtocol=https;AccountName=ledgerstore;AccountKey=[REDACTED];EndpointSuffix=core.windows.net',
    ],
    [
      'a mysql password on the command line',
      '$ mysql -u root -pRootPass123 -h 127.0.0.1 app < dump.sql',
      '$ mysql -u root -p[REDACTED] -h 127.0.0.1 app < dump.sql',
    ],
    [
      'a mysqldump password',
      'mysqldump --single-transaction -uadmin -pS3cr3t! shop > shop.sql',
      'mysqldump --single-transaction -uadmin -p[REDACTED] shop > shop.sql',
    ],
    [
      'a GitLab token',
      `git remote set-url origin https://oauth2:${gitlab}@gitlab.com/g/p.git`,
      'git remote set-url origin https://oauth2:[REDACTED]@gitlab.com/g/p.git',
    ],
  ])('%s', (_family, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe('redactSecrets: no false positives in ordinary code and prose', () => {
  it.each([
    'const url = "https://example.com:8443/api/v1/sessions?limit=10#top";',
    'ssh://git@github.com:22/org/repo.git and git@github.com:org/repo.git',
    'See http://localhost:3000/docs for the API; the @scope/pkg lives at https://registry.example/@scope/pkg.',
    'mysql -u root -p app_db  # prompts for the password',
    'password_min_length=12, api_key_id=7, token_count: 4096, max_tokens: 100',
    'The secret to a good sourdough is time. Tokens are counted per message.',
    'function verifyPassword(hash: string, password: string): boolean { return compare(hash, password); }',
    'PWD=/home/dev/project\nOLDPWD=/home/dev\nSHELL=/bin/bash',
    'The SG. prefix appears in SG.1 and skills_test_results; sk_ is a prefix too.',
    'Install with npm_config_registry set; hf_hub_download(repo_id="gpt2") caches files.',
    'AccountName=ledgerstore;EndpointSuffix=core.windows.net',
    '时间戳 2026-12-01T10:00:00Z：用户说“密码策略需要更新”。',
    // 40 characters of [A-Za-z0-9/+] that are not an AWS secret access key:
    'git checkout 9fceb02d0ae598e95dc970b74767f19372d61af8 (a git SHA, hex, one case)',
    'SHA-1: 2FD4E1C67A2D28FCED849EE1BB76E7391B93EB12 and request 123e4567-e89b-12d3-a456-426614174000',
    'echo VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy | base64 -d  # the base64 of text',
    'class AbstractSingletonProxyFactoryBean2Helper {} in apps/src/Http2/ErrorResponseMapper/index.ts',
    'a longer base64 blob: dGhpcyBpcyBhIHNsaWdodGx5IGxvbmdlciBibG9iIG9mIHJhbmRvbSBieXRlcw==',
  ])('%s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
