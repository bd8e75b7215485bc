import fc from 'fast-check';
import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import type {
  CompactBoundaryContent,
  RuntimeMessage,
  RuntimeMessageMetadata,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
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

/** Options of {@link arbitrarySessionHistory}. */
export interface ArbitrarySessionHistoryOptions {
  /** Default `'s1'`. */
  sessionId?: string;
  /** Bounds on the number of steps (a step is one message, a tool round, a compaction…). Default 0–30. */
  minSteps?: number;
  maxSteps?: number;
  /**
   * Default `true`: the history sometimes has what normalization repairs (dangling and denied
   * calls without a result, orphan results and approval responses, duplicated message ids).
   * `false`: only well-formed histories.
   */
  faults?: boolean;
}

/** What becomes of one tool call of a tool round. */
type ToolFate = 'answered' | 'approved' | 'denied-recorded' | 'dangling' | 'denied';

interface PlannedCall {
  part: ToolCallPart;
  fate: ToolFate;
  output: ToolResultOutput;
  /** False: the result is recorded by `toolCallId` alone, as the seed does. */
  recordToolName: boolean;
  denialReason: string | undefined;
}

type Step =
  | { step: 'message'; message: RuntimeMessage }
  | {
      step: 'tools';
      calls: PlannedCall[];
      groupResults: boolean;
      /** A result for no call, recorded among this round's results (faults only). */
      strayResult: ToolResultPart | undefined;
    }
  | { step: 'compaction'; boundary: CompactBoundaryContent; summary: string }
  | { step: 'prune'; picks: number[]; reason: string }
  | { step: 'handoff'; toAgent: string; summary: string; reason: string | undefined }
  | { step: 'orphan-result'; part: ToolResultPart }
  | { step: 'orphan-approval-response'; part: ToolApprovalResponsePart }
  | { step: 'duplicate'; pick: number; identical: boolean };

/**
 * A realistic log of one session, as `SessionEvent[]` in log order: `SessionStarted`, then any
 * mix of the 13 message kinds with unique ids (`m1`, `m2`…) and increasing `createdAt`: user input
 * with images and files, tool rounds (several calls, approvals granted and denied, results grouped
 * or not, some longer than 5,000 characters, some without `toolName`), compactions (a
 * `compact_boundary` then the `compact_summary` naming it), `ToolResultsPruned` marks on recorded
 * results, hand-offs (`handoff_summary` then `agent_switch_note`), sometimes `SessionEnded`.
 * With `faults` (default) it also holds dangling calls, orphan results (alone or beside good ones) and
 * approval responses, and messages recorded twice (identical retries, or a different message reusing the id).
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
    fates.push({ arbitrary: fc.constant('dangling'), weight: 1 });
    fates.push({ arbitrary: fc.constant('denied'), weight: 1 });
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

const START = Date.parse('2026-04-08T09:00:00Z');

/** Turns planned steps into events; all ids and times are assigned here, in order. */
function buildHistory(sessionId: string, steps: readonly Step[], ended: boolean): SessionEvent[] {
  const events: SessionEvent[] = [
    {
      type: 'SessionStarted',
      data: { sessionId, startedAt: new Date(START).toISOString(), agentName: 'main' },
    },
  ];
  const recorded: RuntimeMessage[] = [];
  const toolResultIds: string[] = [];
  let seconds = 0;
  let messages = 0;
  let toolCalls = 0;
  let approvals = 0;
  let runs = 0;
  let agent = 'main';

  const tick = (): string => new Date(START + ++seconds * 1000).toISOString();
  const base = () => ({
    id: `m${++messages}`,
    sessionId,
    ...(runs === 0 ? {} : { runId: `run_${runs}` }),
    createdAt: tick(),
  });
  const byAgent = (): RuntimeMessageMetadata => ({ agentName: agent });
  const record = (message: RuntimeMessage): void => {
    recorded.push(message);
    if (message.kind === 'tool_result') toolResultIds.push(message.id);
    events.push(messageRecorded(message));
  };

  for (const step of steps) {
    switch (step.step) {
      case 'message': {
        if (step.message.kind === 'user_input') runs += 1;
        const { metadata: _metadata, runId: _runId, ...message } = step.message;
        const assistant = message.role === 'assistant';
        record({ ...message, ...base(), ...(assistant ? { metadata: byAgent() } : {}) });
        break;
      }
      case 'tools': {
        const calls = step.calls.map((call) => ({
          ...call,
          part: { ...call.part, toolCallId: `call_${++toolCalls}` },
          approvalId: needsApproval(call.fate) ? `approval_${++approvals}` : undefined,
        }));
        record({
          ...base(),
          kind: 'tool_call',
          role: 'assistant',
          metadata: byAgent(),
          content: calls.map((call) => call.part),
        });
        const asked = calls.flatMap((call) =>
          call.approvalId === undefined ? [] : [{ ...call, approvalId: call.approvalId }],
        );
        const [firstAsked, ...otherAsked] = asked;
        if (firstAsked !== undefined) {
          const request = (call: typeof firstAsked) => ({
            type: 'tool-approval-request' as const,
            approvalId: call.approvalId,
            toolCallId: call.part.toolCallId,
          });
          record({
            ...base(),
            kind: 'tool_approval_request',
            role: 'assistant',
            metadata: byAgent(),
            content: [request(firstAsked), ...otherAsked.map(request)],
          });
          const response = (call: typeof firstAsked): ToolApprovalResponsePart => {
            const approved = call.fate === 'approved';
            return approved || call.denialReason === undefined
              ? { type: 'tool-approval-response', approvalId: call.approvalId, approved }
              : {
                  type: 'tool-approval-response',
                  approvalId: call.approvalId,
                  approved,
                  reason: call.denialReason,
                };
          };
          record({
            ...base(),
            kind: 'tool_approval_response',
            role: 'tool',
            content: [response(firstAsked), ...otherAsked.map(response)],
          });
        }
        const results = calls.flatMap((call): ToolResultPart[] => {
          if (call.fate === 'dangling' || call.fate === 'denied') return [];
          const output: ToolResultOutput =
            call.fate === 'denied-recorded'
              ? call.denialReason === undefined
                ? { type: 'execution-denied' }
                : { type: 'execution-denied', reason: call.denialReason }
              : call.output;
          const part = { type: 'tool-result' as const, toolCallId: call.part.toolCallId, output };
          return [call.recordToolName ? { ...part, toolName: call.part.toolName } : part];
        });
        if (step.strayResult !== undefined) {
          results.push({ ...step.strayResult, toolCallId: `orphan_call_${++toolCalls}` });
        }
        const groups = step.groupResults ? [results] : results.map((part) => [part]);
        for (const [first, ...rest] of groups) {
          if (first === undefined) continue;
          record({ ...base(), kind: 'tool_result', role: 'tool', content: [first, ...rest] });
        }
        break;
      }
      case 'compaction': {
        const boundary = base();
        record({ ...boundary, kind: 'compact_boundary', role: 'system', content: step.boundary });
        record({
          ...base(),
          kind: 'compact_summary',
          role: 'user',
          metadata: { summaryForBoundaryId: boundary.id, source: 'runtime' },
          content: step.summary,
        });
        break;
      }
      case 'prune': {
        const messageIds = [
          ...new Set(
            step.picks.flatMap(
              (pick) => toolResultIds[pick % Math.max(toolResultIds.length, 1)] ?? [],
            ),
          ),
        ];
        if (messageIds.length === 0) break;
        events.push({
          type: 'ToolResultsPruned',
          data: { sessionId, messageIds, compactedAt: tick(), reason: step.reason },
        });
        break;
      }
      case 'handoff': {
        record({
          ...base(),
          kind: 'handoff_summary',
          role: 'user',
          metadata: byAgent(),
          content: step.summary,
        });
        const content = { type: 'agent-switch' as const, fromAgent: agent, toAgent: step.toAgent };
        record({
          ...base(),
          kind: 'agent_switch_note',
          role: 'system',
          metadata: { source: 'runtime' },
          content: step.reason === undefined ? content : { ...content, reason: step.reason },
        });
        agent = step.toAgent;
        break;
      }
      case 'orphan-result':
        record({
          ...base(),
          kind: 'tool_result',
          role: 'tool',
          content: [{ ...step.part, toolCallId: `orphan_call_${++toolCalls}` }],
        });
        break;
      case 'orphan-approval-response':
        record({
          ...base(),
          kind: 'tool_approval_response',
          role: 'tool',
          content: [{ ...step.part, approvalId: `orphan_approval_${++approvals}` }],
        });
        break;
      case 'duplicate': {
        const original = recorded[step.pick % Math.max(recorded.length, 1)];
        if (original === undefined) break;
        // A retried append records the very same message; a bug records another one under its id.
        events.push(messageRecorded(step.identical ? original : alteredCopy(original)));
        break;
      }
      default: {
        const unreachable: never = step;
        return unreachable;
      }
    }
  }
  if (ended) events.push({ type: 'SessionEnded', data: { sessionId, endedAt: tick() } });
  return events;
}

function needsApproval(fate: ToolFate): boolean {
  return fate === 'approved' || fate === 'denied' || fate === 'denied-recorded';
}

/** The same message (id, kind, ids it refers to) with different content. */
function alteredCopy(message: RuntimeMessage): RuntimeMessage {
  switch (message.kind) {
    case 'system_note':
    case 'compact_summary':
    case 'runtime_reminder':
    case 'handoff_summary':
      return { ...message, content: `${message.content} (recorded again)` };
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
      return { ...message, content: 'Recorded again with other content.' };
    case 'tool_call':
      return {
        ...message,
        content: message.content.map((part) => ({ ...part, input: { again: true } })),
      };
    case 'tool_result':
      return {
        ...message,
        content: message.content.map((part) => ({
          ...part,
          output: { type: 'text' as const, value: 'second result' },
        })),
      };
    case 'tool_approval_request':
      return { ...message, createdAt: new Date(Date.parse(message.createdAt) + 500).toISOString() };
    case 'tool_approval_response':
      return {
        ...message,
        content: message.content.map((part) => ({ ...part, reason: 'recorded again' })),
      };
    case 'compact_boundary':
      return { ...message, content: { ...message.content, reason: 'recorded again' } };
    case 'agent_switch_note':
      return { ...message, content: { ...message.content, reason: 'recorded again' } };
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
