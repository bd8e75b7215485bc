import fc from 'fast-check';
import type { SessionEvent } from '@agent-ledger/events';
import {
  arbitraryAgentName,
  arbitraryCompactBoundaryContent,
  arbitraryText,
  arbitraryToolApprovalResponsePart,
  arbitraryToolCallPart,
  arbitraryToolResultOutput,
  arbitraryToolResultPart,
} from './arbitrary-content';
import { arbitraryRuntimeMessage } from './arbitrary-runtime-message';
import { buildHistory } from './build-session-history';
import type { PlannedCall, Step, ToolFate } from './history-step';

/** Options of {@link arbitrarySessionHistory}. */
export interface ArbitrarySessionHistoryOptions {
  /** Default `'s1'`. */
  sessionId?: string;
  /** Bounds on the number of steps (a step is one message, a tool round, a compaction…). Default 0–30. */
  minSteps?: number;
  maxSteps?: number;
  /**
   * Default `true`: the history sometimes has what normalization repairs or reports (dangling,
   * denied and pending calls without a result, early, hidden and orphan results, hidden calls,
   * orphan approval responses, duplicated message ids).
   * `false`: only well-formed histories.
   */
  faults?: boolean;
}

/**
 * A realistic log of one session, as `SessionEvent[]` in log order: `SessionStarted`, then any
 * mix of the 13 message kinds with unique ids (`m1`, `m2`…) and increasing `createdAt`: user input
 * with images and files, tool rounds (several calls, approvals granted and denied, results grouped
 * or not, some longer than 5,000 characters, some without `toolName`), compactions (a
 * `compact_boundary` then the `compact_summary` naming it), `ToolResultsPruned` marks on recorded
 * results, hand-offs (`handoff_summary` then `agent_switch_note`), sometimes `SessionEnded`.
 * With `faults` (default) it also holds dangling calls, calls whose approval is granted but that
 * have not run, or asked and unanswered, refused calls without a result, results recorded
 * before their call or hidden from the model (`eligibleForModelContext: false`), call messages
 * hidden from the model, orphan results (alone or beside good ones) and approval responses, and
 * messages recorded twice (identical retries, or a different message reusing the id).
 */
export function arbitrarySessionHistory(
  options: ArbitrarySessionHistoryOptions = {},
): fc.Arbitrary<SessionEvent[]> {
  const faults = options.faults ?? true;
  const steps = fc.array(arbitraryStep(faults), {
    minLength: options.minSteps ?? 0,
    maxLength: options.maxSteps ?? 30,
  });
  return fc
    .tuple(steps, fc.boolean())
    .map(([planned, ended]) => buildHistory(options.sessionId ?? 's1', planned, ended));
}

function arbitraryStep(faults: boolean): fc.Arbitrary<Step> {
  const fates: Array<fc.WeightedArbitrary<ToolFate>> = [
    { arbitrary: fc.constant('answered'), weight: 8 },
    { arbitrary: fc.constant('approved'), weight: 1 },
    { arbitrary: fc.constant('denied-recorded'), weight: 1 },
  ];
  if (faults) {
    for (const fault of [
      'dangling',
      'denied',
      'approved-pending',
      'unanswered',
      'hidden-result',
      'early-result',
    ] as const) {
      fates.push({ arbitrary: fc.constant(fault), weight: 1 });
    }
  }
  const fate = fc.oneof(...fates);
  const call: fc.Arbitrary<PlannedCall> = fc.record({
    part: arbitraryToolCallPart(),
    fate,
    output: arbitraryToolResultOutput,
    recordToolName: fc.boolean(),
    denialReason: fc.option(arbitraryText, { nil: undefined }),
  });
  const textKinds = fc.constantFrom(
    'system_note' as const,
    'user_input' as const,
    'assistant_text' as const,
    'assistant_reasoning' as const,
    'runtime_reminder' as const,
  );
  const wellFormed: Array<fc.WeightedArbitrary<Step>> = [
    {
      arbitrary: textKinds
        .chain((kind) => arbitraryRuntimeMessage(kind))
        .map((message) => ({ step: 'message' as const, message })),
      weight: 12,
    },
    {
      arbitrary: fc
        .record({
          calls: fc.array(call, { minLength: 1, maxLength: 3 }),
          groupResults: fc.boolean(),
          strayResult: faults
            ? fc.option(arbitraryToolResultPart(), { nil: undefined, freq: 8 })
            : fc.constant(undefined),
          hideCalls: faults ? fc.nat({ max: 11 }).map((pick) => pick === 0) : fc.constant(false),
        })
        .map((fields) => ({ step: 'tools' as const, ...fields })),
      weight: 8,
    },
    {
      arbitrary: fc
        .record({ boundary: arbitraryCompactBoundaryContent, summary: arbitraryText })
        .map((fields) => ({ step: 'compaction' as const, ...fields })),
      weight: 2,
    },
    {
      arbitrary: fc
        .record({
          picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
          reason: arbitraryText,
        })
        .map((fields) => ({ step: 'prune' as const, ...fields })),
      weight: 2,
    },
    {
      arbitrary: fc
        .record({
          toAgent: arbitraryAgentName,
          summary: arbitraryText,
          reason: fc.option(arbitraryText, { nil: undefined }),
        })
        .map((fields) => ({ step: 'handoff' as const, ...fields })),
      weight: 2,
    },
  ];
  if (!faults) return fc.oneof(...wellFormed);
  return fc.oneof(
    ...wellFormed,
    {
      arbitrary: arbitraryToolResultPart().map((part) => ({
        step: 'orphan-result' as const,
        part,
      })),
      weight: 1,
    },
    {
      arbitrary: arbitraryToolApprovalResponsePart.map((part) => ({
        step: 'orphan-approval-response' as const,
        part,
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .record({ pick: fc.nat(), identical: fc.boolean() })
        .map((fields) => ({ step: 'duplicate' as const, ...fields })),
      weight: 2,
    },
  );
}
