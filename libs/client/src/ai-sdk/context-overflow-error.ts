import type { OverflowAttemptRecord } from '../contract/commands';

/**
 * A call still refused for its context length after every shrink the recovery allows (the
 * budgets, the prunings, a compaction): the session is not stuck, the caller decides what next
 * (a smaller model window, a fresh session). `attempts` says what was tried.
 */
export class ContextOverflowUnrecovered extends Error {
  readonly code = 'ContextOverflowUnrecovered';

  constructor(
    readonly provider: string,
    readonly attempts: readonly OverflowAttemptRecord[],
    readonly lastErrorCode: string,
    cause: unknown,
  ) {
    super(
      `The ${provider} model refused the context as too long (${lastErrorCode}) after ${attempts.length} shrink(s)${attempts
        .map(
          (attempt) =>
            ` ${attempt.shrink}${attempt.maxInputTokens === undefined ? '' : ` ${attempt.maxInputTokens}`}`,
        )
        .join(
          ',',
        )}, and no shrink is left. Compact the session with a summarizer whose window is larger, or start a new session from a hand-off.`,
      { cause },
    );
    this.name = 'ContextOverflowUnrecovered';
  }
}
