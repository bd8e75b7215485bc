import { isRandom40CharacterKey } from './is-random-40-character-key';

// Fake credentials are assembled at run time so that secret scanners do not flag this file.
const join = (...parts: string[]) => parts.join('');

describe('isRandom40CharacterKey', () => {
  it.each([
    ['AWS’s documented example', join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')],
    ['a key without / or +', join('Hx3kP9qLmZ2vT7wR1', 'yB5nC8dF0gJ4sA6eK2uQ7Tm')],
  ])('takes %s', (_name, key) => {
    expect(key).toHaveLength(40);
    expect(isRandom40CharacterKey(key)).toBe(true);
  });

  it.each([
    ['a git SHA (lowercase hex)', '9fceb02d0ae598e95dc970b74767f19372d61af8'],
    ['a SHA-1 in uppercase hex', '2FD4E1C67A2D28FCED849EE1BB76E7391B93EB12'],
    ['letters only', 'abcdefghijABCDEFGHIJklmnopqrstKLMNOPQRST'],
    ['a CamelCase name', 'AbstractSingletonProxyFactoryBean2Helper'],
    ['a path', 'apps/src/Http2/ErrorResponseMapper/index'],
    ['the base64 of text', Buffer.from('The quick brown fox jumps over').toString('base64')],
  ])('refuses %s', (_name, candidate) => {
    expect(candidate).toHaveLength(40);
    expect(isRandom40CharacterKey(candidate)).toBe(false);
  });
});
