import { shortLabel } from './short-label';

describe('shortLabel', () => {
  test('a short id is its own label', () => {
    expect(shortLabel('m4')).toBe('m4');
    expect(shortLabel('demo-login-fix')).toBe('demo-login-fix');
  });

  test('a UUID is cut to its first 8 characters, keeping what follows it', () => {
    expect(shortLabel('3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toBe('3f2a9c1e…');
    expect(shortLabel('3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b:2.1')).toBe('3f2a9c1e…:2.1');
  });

  test('a long id without a UUID is cut in the middle', () => {
    const label = shortLabel('toolu_01ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(label).toBe('toolu_01ABCD…STUVWXYZ');
    expect(label.length).toBeLessThanOrEqual(24);
  });
});
