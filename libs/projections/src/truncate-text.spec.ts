import { truncateText } from './truncate-text';

describe('truncateText', () => {
  it('returns text within the limit unchanged', () => {
    expect(truncateText('abcdef', 6)).toBe('abcdef');
  });

  it('keeps the head (rounded up) and the tail, and counts what it omitted', () => {
    expect(truncateText('abcdefghij', 5)).toBe('abc\n\n[... 5 characters truncated ...]\n\nij');
  });

  it('keeps nothing but the marker at limit 0', () => {
    expect(truncateText('abc', 0)).toBe('\n\n[... 3 characters truncated ...]\n\n');
  });
});
