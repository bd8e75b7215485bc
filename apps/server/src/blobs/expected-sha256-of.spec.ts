import { createHash } from 'node:crypto';
import { expectedSha256Of } from './expected-sha256-of';
import { InvalidDigestHeaderError } from './blob-http-errors';

const digest = createHash('sha256').update('bytes').digest();
const hex = digest.toString('hex');
const base64 = digest.toString('base64');

describe('expectedSha256Of', () => {
  it('reads each header form as lower-case hex', () => {
    expect(expectedSha256Of({ 'x-content-sha256': hex.toUpperCase() })).toBe(hex);
    expect(expectedSha256Of({ 'repr-digest': `sha-256=:${base64}:` })).toBe(hex);
    expect(expectedSha256Of({ digest: `MD5=abc, SHA-256=${base64}` })).toBe(hex);
    expect(
      expectedSha256Of({ 'x-content-sha256': hex, 'repr-digest': `sha-256=:${base64}:` }),
    ).toBe(hex);
  });

  it('answers undefined when no header names SHA-256', () => {
    expect(expectedSha256Of({})).toBeUndefined();
    expect(expectedSha256Of({ digest: 'sha-512=abc' })).toBeUndefined();
  });

  it('refuses a malformed SHA-256, and headers that disagree', () => {
    expect(() => expectedSha256Of({ 'x-content-sha256': 'abc' })).toThrow(InvalidDigestHeaderError);
    expect(() => expectedSha256Of({ 'repr-digest': 'sha-256=:AAAA:' })).toThrow(
      InvalidDigestHeaderError,
    );
    expect(() =>
      expectedSha256Of({
        'x-content-sha256': 'a'.repeat(64),
        'repr-digest': `sha-256=:${base64}:`,
      }),
    ).toThrow(InvalidDigestHeaderError);
  });
});
