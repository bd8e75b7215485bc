import { randomBytes } from 'node:crypto';
import { ContentKeyStoreConfigError } from './errors';
import { parseMasterKey } from './parse-master-key';

describe('parseMasterKey', () => {
  it('reads 32 bytes of base64', () => {
    const key = randomBytes(32);
    expect(parseMasterKey(` ${key.toString('base64')}\n`)).toEqual(key);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['not base64', 'this is not a key at all, not even close!!!!'],
  ])('refuses %s, saying what is accepted and never echoing it', (_, value) => {
    expect(() => parseMasterKey(value)).toThrow(ContentKeyStoreConfigError);
    expect(() => parseMasterKey(value)).toThrow(/32 bytes in base64/);
    expect(() => parseMasterKey(value)).not.toThrow(value);
  });
});
