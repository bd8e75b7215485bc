import type { ContextOverflow } from './context-overflow-of';

/** How a recovery shrinks a context first: to a token budget, or by pruning old tool results. */
export type OverflowShrinkStrategy = 'budget' | 'prune';

/** One shrink of a recovery. */
export type OverflowShrinkStep =
  | { shrink: 'budget'; maxInputTokens: number }
  | { shrink: 'prune'; keepLastUserTurns: number }
  | { shrink: 'compact' };

/**
 * Each budget is this share of the smallest size known so far (the limit, the size requested,
 * the last budget, the ledger's count of the refused context).
 */
export const OVERFLOW_BUDGET_SHARE = 0.8;
/** How many times the first strategy shrinks before a compaction (or giving up). */
export const OVERFLOW_STRATEGY_STEPS = 2;

/**
 * The shrink after the `attempt`-th refusal (0-based), or `undefined` when none is left: the
 * strategy's steps (budgets of 80 % of the smallest known size, each smaller than the last: the
 * error's limit and requested size, the last budget, and the ledger's own count of the refused
 * context (`sentTokens`), the one size known when an error names none, as OpenAI's does; or
 * prunings keeping the last 2, then 1 user turns: never the latest), then one compaction when
 * the caller can compact (it gave a summarizer and has not compacted yet). Pure and deterministic: the same refusals give the same shrinks,
 * and there are at most three, so a session never loops.
 */
export function nextOverflowShrink(options: {
  strategy: OverflowShrinkStrategy;
  attempt: number;
  overflow: ContextOverflow;
  previousBudget?: number | undefined;
  /** The ledger's count of the context the provider refused (the model-context answer's `tokens.input`). */
  sentTokens?: number | undefined;
  /** A summarizer was given and this recovery has not compacted yet. */
  canCompact: boolean;
}): OverflowShrinkStep | undefined {
  const { strategy, attempt, overflow, previousBudget, sentTokens, canCompact } = options;
  if (attempt < OVERFLOW_STRATEGY_STEPS) {
    const step = strategyStep(strategy, attempt, overflow, [previousBudget, sentTokens]);
    if (step !== undefined) return step;
  }
  return canCompact ? { shrink: 'compact' } : undefined;
}

function strategyStep(
  strategy: OverflowShrinkStrategy,
  attempt: number,
  overflow: ContextOverflow,
  ownSizes: Array<number | undefined>,
): OverflowShrinkStep | undefined {
  if (strategy === 'prune') {
    return { shrink: 'prune', keepLastUserTurns: OVERFLOW_STRATEGY_STEPS - attempt };
  }
  const known = [overflow.limitTokens, overflow.requestedTokens, ...ownSizes].filter(
    (size): size is number => size !== undefined && size > 0,
  );
  if (known.length === 0) return undefined;
  const maxInputTokens = Math.floor(Math.min(...known) * OVERFLOW_BUDGET_SHARE);
  return maxInputTokens >= 1 ? { shrink: 'budget', maxInputTokens } : undefined;
}
