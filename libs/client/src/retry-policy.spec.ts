import { parseRetryAfter, resolveRetryOptions, retryDelayMs } from './retry-policy';

describe('retryDelayMs', () => {
  const options = resolveRetryOptions({ minDelayMs: 100, maxDelayMs: 1000 });

  it('doubles per retry, between half and all of the doubled delay, capped', () => {
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, options, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, options, () => 0.999))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });

  it('takes Retry-After when the server sent one, capped', () => {
    expect(retryDelayMs(1, options, () => 0, 300)).toBe(300);
    expect(retryDelayMs(1, options, () => 0, 60_000)).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
