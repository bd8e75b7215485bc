import type { OverflowAttemptRecord } from '../contract/commands';
import { ContextOverflowUnrecovered } from './context-overflow-error';
import { contextOverflowOf } from './context-overflow-of';
import {
  nextOverflowShrink,
  type OverflowShrinkStep,
  type OverflowShrinkStrategy,
} from './next-overflow-shrink';

/** What `recoverOverflow` runs: the call, the shrinks that are not a budget, the record. */
export interface OverflowRecoveryPlan<T> {
  /** For the error: the provider whose model refused. */
  provider: string;
  strategy: OverflowShrinkStrategy;
  /** A summarizer was given: one compaction is allowed after the strategy's steps. */
  canCompact: boolean;
  /** The budget of the first call, if the caller set one. */
  initialBudget?: number | undefined;
  /** Makes one call, its context fetched under `maxInputTokens` when a budget is set. */
  attemptCall: (maxInputTokens: number | undefined) => Promise<T>;
  /** The ledger's count of the context the last call sent, when known: a size to shrink from. */
  sentTokens?: () => number | undefined;
  /** Applies a prune or compact shrink (a budget needs nothing: the next call carries it). */
  shrink: (step: Exclude<OverflowShrinkStep, { shrink: 'budget' }>) => Promise<void>;
  /** Records the recovery once a call was accepted after at least one refusal. */
  record: (attempts: OverflowAttemptRecord[]) => Promise<void>;
}

/**
 * Runs `plan.attemptCall`; when the provider refuses the context as too long
 * (`contextOverflowOf`), shrinks it (`nextOverflowShrink`: budgets or prunings, then one
 * compaction) and calls again; once a call is accepted, records what was done. Any other error
 * is rethrown as it is; when no shrink is left, `ContextOverflowUnrecovered` (at most three
 * shrinks: a session never loops on an overflow).
 */
export async function recoverOverflow<T>(plan: OverflowRecoveryPlan<T>): Promise<T> {
  const attempts: OverflowAttemptRecord[] = [];
  let budget = plan.initialBudget;
  for (;;) {
    let result: T;
    try {
      result = await plan.attemptCall(budget);
    } catch (error) {
      const overflow = contextOverflowOf(error);
      if (overflow === undefined) throw error;
      const step = nextOverflowShrink({
        strategy: plan.strategy,
        attempt: attempts.length,
        overflow,
        previousBudget: budget,
        sentTokens: plan.sentTokens?.(),
        canCompact: plan.canCompact && !attempts.some(({ shrink }) => shrink === 'compact'),
      });
      if (step === undefined) {
        throw new ContextOverflowUnrecovered(plan.provider, attempts, overflow.errorCode, error);
      }
      if (step.shrink === 'budget') budget = step.maxInputTokens;
      else await plan.shrink(step);
      attempts.push({
        ...overflow,
        shrink: step.shrink,
        ...(budget === undefined ? {} : { maxInputTokens: budget }),
      });
      continue;
    }
    if (attempts.length > 0) await plan.record(attempts);
    return result;
  }
}
