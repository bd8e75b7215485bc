import { isSecretKeyName } from './is-secret-key-name';

describe('isSecretKeyName', () => {
  it.each([
    'password',
    'DB_PASSWORD',
    'apiKey',
    'client_secret',
    'accessToken',
    'Authorization',
    'SECRET_KEY',
    'SecretAccessKey',
    'aws_secret_access_key',
    'AccountKey',
    'connectionString',
    'credentials',
  ])('%s holds a secret', (key) => {
    expect(isSecretKeyName(key)).toBe(true);
  });

  it.each([
    'passwordPolicy',
    'api_key_id',
    'tokenCount',
    'max_tokens',
    'secretary',
    'keyboard',
    'id',
  ])('%s does not', (key) => {
    expect(isSecretKeyName(key)).toBe(false);
  });
});
