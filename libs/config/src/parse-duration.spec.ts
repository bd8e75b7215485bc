import { parseDuration } from './parse-duration';

describe('parseDuration', () => {
  it.each([
    ['2s', 2_000],
    ['90m', 5_400_000],
    ['12h', 43_200_000],
    ['30d', 2_592_000_000],
    ['1w', 604_800_000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '0d', '30', 'd', '1.5h', '-2s', '30 d', '30D', '10y', '01s'])(
    'refuses %j',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );
});
