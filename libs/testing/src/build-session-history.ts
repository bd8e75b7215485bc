import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import type {
  RuntimeMessage,
  RuntimeMessageMetadata,
  ToolApprovalResponsePart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import { alteredCopy } from './altered-copy';
import type { Step, ToolFate } from './history-step';

const START = Date.parse('2026-04-08T09:00:00Z');

/** Turns planned steps into events; all ids and times are assigned here, in order. */
export function buildHistory(
  sessionId: string,
  steps: readonly Step[],
  ended: boolean,
): SessionEvent[] {
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
        const resultPart = (call: (typeof calls)[number]): ToolResultPart => {
          const output: ToolResultOutput =
            call.fate === 'denied-recorded'
              ? call.denialReason === undefined
                ? { type: 'execution-denied' }
                : { type: 'execution-denied', reason: call.denialReason }
              : call.output;
          const part = { type: 'tool-result' as const, toolCallId: call.part.toolCallId, output };
          return call.recordToolName ? { ...part, toolName: call.part.toolName } : part;
        };
        // A runtime that writes results as they come may record one before its call.
        for (const call of calls.filter((planned) => planned.fate === 'early-result')) {
          record({ ...base(), kind: 'tool_result', role: 'tool', content: [resultPart(call)] });
        }
        record({
          ...base(),
          kind: 'tool_call',
          role: 'assistant',
          metadata: step.hideCalls ? { ...byAgent(), eligibleForModelContext: false } : byAgent(),
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
            const approved = call.fate === 'approved' || call.fate === 'approved-pending';
            return approved || call.denialReason === undefined
              ? { type: 'tool-approval-response', approvalId: call.approvalId, approved }
              : {
                  type: 'tool-approval-response',
                  approvalId: call.approvalId,
                  approved,
                  reason: call.denialReason,
                };
          };
          const [firstAnswered, ...otherAnswered] = asked.filter(
            (call) => call.fate !== 'unanswered',
          );
          if (firstAnswered !== undefined) {
            record({
              ...base(),
              kind: 'tool_approval_response',
              role: 'tool',
              content: [response(firstAnswered), ...otherAnswered.map(response)],
            });
          }
        }
        const results = calls.flatMap((call): ToolResultPart[] =>
          recordsResultAfterCall(call.fate) ? [resultPart(call)] : [],
        );
        if (step.strayResult !== undefined) {
          results.push({ ...step.strayResult, toolCallId: `orphan_call_${++toolCalls}` });
        }
        const groups = step.groupResults ? [results] : results.map((part) => [part]);
        for (const [first, ...rest] of groups) {
          if (first === undefined) continue;
          record({ ...base(), kind: 'tool_result', role: 'tool', content: [first, ...rest] });
        }
        for (const call of calls.filter((planned) => planned.fate === 'hidden-result')) {
          record({
            ...base(),
            kind: 'tool_result',
            role: 'tool',
            metadata: { eligibleForModelContext: false },
            content: [resultPart(call)],
          });
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
  return (
    fate === 'approved' ||
    fate === 'denied' ||
    fate === 'denied-recorded' ||
    fate === 'approved-pending' ||
    fate === 'unanswered'
  );
}

/** Fates whose result is recorded among the round's results, after the call. */
function recordsResultAfterCall(fate: ToolFate): boolean {
  return fate === 'answered' || fate === 'approved' || fate === 'denied-recorded';
}
