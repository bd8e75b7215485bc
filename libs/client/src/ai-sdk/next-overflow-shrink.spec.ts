import { nextOverflowShrink } from './next-overflow-shrink';

const tooLong = { errorCode: 'prompt_too_long', limitTokens: 200000, requestedTokens: 208310 };

describe('nextOverflowShrink', () => {
  it('budgets 80 % of the smallest size known, each budget smaller than the last', () => {
    const first = nextOverflowShrink({
      strategy: 'budget',
      attempt: 0,
      overflow: tooLong,
      canCompact: false,
    });
    expect(first).toEqual({ shrink: 'budget', maxInputTokens: 160000 });
    const second = nextOverflowShrink({
      strategy: 'budget',
      attempt: 1,
      overflow: tooLong,
      previousBudget: 160000,
      canCompact: false,
    });
    expect(second).toEqual({ shrink: 'budget', maxInputTokens: 128000 });
  });

  it("an error that names no size (OpenAI's): budgets 80 % of the ledger's count of the refused context", () => {
    const sizeless = { errorCode: 'context_length_exceeded' };
    expect(
      nextOverflowShrink({ strategy: 'budget', attempt: 0, overflow: sizeless, canCompact: false }),
    ).toBeUndefined();
    expect(
      nextOverflowShrink({
        strategy: 'budget',
        attempt: 0,
        overflow: sizeless,
        sentTokens: 5000,
        canCompact: false,
      }),
    ).toEqual({ shrink: 'budget', maxInputTokens: 4000 });
    // The smallest size known wins: a count below the error's limit.
    expect(
      nextOverflowShrink({
        strategy: 'budget',
        attempt: 0,
        overflow: tooLong,
        sentTokens: 150000,
        canCompact: false,
      }),
    ).toEqual({ shrink: 'budget', maxInputTokens: 120000 });
  });

  it('prunes keeping the last 2, then 1 user turns, never the latest', () => {
    const steps = [0, 1].map((attempt) =>
      nextOverflowShrink({ strategy: 'prune', attempt, overflow: tooLong, canCompact: false }),
    );
    expect(steps).toEqual([
      { shrink: 'prune', keepLastUserTurns: 2 },
      { shrink: 'prune', keepLastUserTurns: 1 },
    ]);
  });

  it('then compacts once when it can, else has nothing left', () => {
    expect(
      nextOverflowShrink({ strategy: 'prune', attempt: 2, overflow: tooLong, canCompact: true }),
    ).toEqual({
      shrink: 'compact',
    });
    expect(
      nextOverflowShrink({ strategy: 'budget', attempt: 2, overflow: tooLong, canCompact: false }),
    ).toBeUndefined();
  });

  it('without any size to budget from, goes to the compaction or gives up', () => {
    const unsized = { errorCode: 'context_length_exceeded' };
    expect(
      nextOverflowShrink({ strategy: 'budget', attempt: 0, overflow: unsized, canCompact: true }),
    ).toEqual({
      shrink: 'compact',
    });
    expect(
      nextOverflowShrink({ strategy: 'budget', attempt: 0, overflow: unsized, canCompact: false }),
    ).toBeUndefined();
  });
});
