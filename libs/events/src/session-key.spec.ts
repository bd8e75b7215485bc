import fc from 'fast-check';
import { DEFAULT_TENANT, TENANT_NAME_PATTERN, sessionKeyOf, splitSessionKey } from './session-key';

const publicId = fc.stringMatching(/^[^\s\p{Cc}]{1,40}$/u);
const tenant = fc.stringMatching(TENANT_NAME_PATTERN);

describe('session keys', () => {
  it('the default tenant keeps the public id, so stores written before tenants read the same', () => {
    expect(sessionKeyOf(DEFAULT_TENANT, 'a/b:c')).toBe('a/b:c');
    expect(splitSessionKey('a/b:c')).toEqual({ tenant: DEFAULT_TENANT, sessionId: 'a/b:c' });
  });

  it('a key names exactly one (tenant, session) pair', () => {
    fc.assert(
      fc.property(tenant, publicId, (t, id) => {
        expect(splitSessionKey(sessionKeyOf(t, id))).toEqual({ tenant: t, sessionId: id });
      }),
    );
  });
});
