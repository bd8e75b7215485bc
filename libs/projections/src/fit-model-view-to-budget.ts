import type { ToolResultPart } from '@agent-ledger/messages';
import { CLEARED_TOOL_RESULT_TEXT } from './defaults';
import { stubToolResult } from './stub-tool-result';
import { truncateToolResult } from './truncate-tool-result';
import type { ModelMessage } from './types';

/** Longest tool output, in characters, a result keeps when a budget truncates it. */
export const BUDGET_TRUNCATION_CHARS = 2_000;

/** Default share of the budget that stubbing sheds down to once the context goes over it. */
export const DEFAULT_BUDGET_LOW_WATER = 0.75;

/** How `fitModelViewToBudget` counts and what it may touch. */
export interface ModelViewBudget {
  /** The most input tokens the context may take (system text and messages). */
  maxInputTokens: number;
  /** Tokens of one model-view message, as the provider would count it. */
  countTokens: (message: ModelMessage) => number;
  /** Tokens the context takes besides its messages (the system text, a calibrated overhead). */
  fixedTokens?: number;
  /** Tool results of the last N user turns are not stubbed (the projection's `recentUserTurns`). */
  recentUserTurns: number;
  /** Share of the budget stubbing sheds down to when over it; default 0.75. */
  lowWater?: number;
}

/** The stable code when stubbing and truncation cannot bring the context under its budget. */
export const COMPACTION_NEEDED = 'CompactionNeeded';

/** What fitting the model view to its budget did. */
export interface BudgetDiagnostics {
  maxInputTokens: number;
  /** Tokens of the context before any budget rule, and after them. */
  tokensBefore: number;
  tokensAfter: number;
  /** Tool results stubbed for the budget (runtime message ids), oldest first. */
  stubbedMessageIds: string[];
  /** Tool results truncated for the budget (runtime message ids). */
  truncatedMessageIds: string[];
  /** Whether the context fits the budget now. */
  fits: boolean;
  /** `CompactionNeeded` when it does not: only a compaction can bring it under the budget. */
  code?: typeof COMPACTION_NEEDED;
}

/** The model view fitted to a budget, and what was done. */
export interface FittedModelView {
  messages: ModelMessage[];
  budget: BudgetDiagnostics;
}

/**
 * Fits a model view into `maxInputTokens` by the seed's rules, in order: stub the oldest tool
 * results outside the recent user turns, then truncate long tool results; the latest turn is never
 * touched. When neither is enough, `budget.code` is `CompactionNeeded`.
 *
 * Stubbing keeps provider prompt caches warm: it is decided by a fold over the points where a model
 * call could have been made (before each run of assistant messages, and at the end). At each point
 * still over the budget, results are stubbed in a batch, oldest first, until the context is under
 * the low-water mark (`lowWater` × budget), so the calls after it append to an unchanged prefix
 * instead of stubbing one result per call. The fold reads only the messages, so the same view and
 * budget always give the same answer: no state is kept between calls.
 */
export function fitModelViewToBudget(
  messages: readonly ModelMessage[],
  budget: ModelViewBudget,
): FittedModelView {
  const fixed = budget.fixedTokens ?? 0;
  const lowWater = Math.floor(
    budget.maxInputTokens * (budget.lowWater ?? DEFAULT_BUDGET_LOW_WATER),
  );
  const sizes = messages.map((message) => budget.countTokens(message));
  const tokensBefore = fixed + sum(sizes);
  const stubs = new Map<number, ModelMessage>();
  const stubSizes = new Map<number, number>();
  const candidates = messages.flatMap((message, index) =>
    stubbableResult(message) ? [index] : [],
  );
  const userTurns = messages.flatMap((message, index) =>
    message.semanticType === 'user_input' ? [index] : [],
  );
  let stubbed = 0;
  let total = fixed;
  let counted = 0;
  for (const point of callPoints(messages)) {
    for (; counted < point; counted += 1) total += sizes[counted] as number;
    if (total <= budget.maxInputTokens) continue;
    const cutoff = recentTurnsStart(userTurns, point, budget.recentUserTurns);
    while (total > lowWater && stubbed < candidates.length) {
      const index = candidates[stubbed] as number;
      if (index >= cutoff) break;
      const stub = stubbedResult(messages[index] as ModelMessage);
      const stubSize = budget.countTokens(stub);
      stubs.set(index, stub);
      stubSizes.set(index, stubSize);
      total -= (sizes[index] as number) - stubSize;
      stubbed += 1;
    }
  }
  const fitted = messages.map((message, index) => stubs.get(index) ?? message);
  const truncatedMessageIds: string[] = [];
  const latestTurn = userTurns.at(-1) ?? messages.length;
  for (let index = 0; index < latestTurn && total > budget.maxInputTokens; index += 1) {
    const message = fitted[index] as ModelMessage;
    if (stubs.has(index) || !stubbableResult(message)) continue;
    const truncated = truncatedResult(message);
    if (truncated === undefined) continue;
    const size = budget.countTokens(truncated);
    total -= (sizes[index] as number) - size;
    fitted[index] = truncated;
    truncatedMessageIds.push(...message.sourceMessageIds);
  }
  const fits = total <= budget.maxInputTokens;
  return {
    messages: fitted,
    budget: {
      maxInputTokens: budget.maxInputTokens,
      tokensBefore,
      tokensAfter: total,
      stubbedMessageIds: [...stubs.keys()].flatMap(
        (index) => (messages[index] as ModelMessage).sourceMessageIds,
      ),
      truncatedMessageIds,
      fits,
      ...(fits ? {} : { code: COMPACTION_NEEDED }),
    },
  };
}

/**
 * Where a model call could have been made: the length of the context it was given, before each run
 * of assistant messages that follows another role, and at the end.
 */
function callPoints(messages: readonly ModelMessage[]): number[] {
  const points: number[] = [];
  messages.forEach((message, index) => {
    if (index > 0 && message.role === 'assistant' && messages[index - 1]?.role !== 'assistant') {
      points.push(index);
    }
  });
  points.push(messages.length);
  return points;
}

/** Index of the first of the last `turns` user inputs before `point` (and never past the latest). */
function recentTurnsStart(userTurns: readonly number[], point: number, turns: number): number {
  const before = userTurns.filter((index) => index < point);
  const latest = before.at(-1);
  if (latest === undefined) return -1;
  if (turns <= 1) return latest;
  return Math.min(latest, before.at(-turns) ?? -1);
}

function stubbableResult(message: ModelMessage): boolean {
  return (
    message.semanticType === 'tool_result' &&
    Array.isArray(message.content) &&
    message.content.some((part) => part.type === 'tool-result' && !isStub(part))
  );
}

function isStub(part: ToolResultPart): boolean {
  return part.output.type === 'text' && part.output.value === CLEARED_TOOL_RESULT_TEXT;
}

function stubbedResult(message: ModelMessage): ModelMessage {
  const content = Array.isArray(message.content) ? message.content : [];
  return {
    ...message,
    content: content.map((part) =>
      part.type === 'tool-result' ? stubToolResult(part, CLEARED_TOOL_RESULT_TEXT) : part,
    ),
    metadata: { ...message.metadata, compacted: true },
  };
}

function truncatedResult(message: ModelMessage): ModelMessage | undefined {
  if (!Array.isArray(message.content)) return undefined;
  let changed = false;
  const content = message.content.map((part) => {
    if (part.type !== 'tool-result') return part;
    const truncated = truncateToolResult(part, BUDGET_TRUNCATION_CHARS);
    if (truncated === undefined) return part;
    changed = true;
    return truncated.part;
  });
  return changed
    ? { ...message, content, metadata: { ...message.metadata, truncated: true } }
    : undefined;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
