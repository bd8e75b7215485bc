import { resubscribeDelay } from './resubscribe-delay';

describe('resubscribeDelay', () => {
  it('doubles from the initial delay up to the ceiling', () => {
    const settings = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 60].map((attempt) => resubscribeDelay(attempt, settings))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });
});
