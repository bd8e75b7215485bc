import type { LedgerExchange, ModelCall } from '../scenario/session-record';
import { arrayOf, recordOf } from '../wire/wire-format';
import type { ToolExecution } from '../workspace-tools';
import { readCall } from './read-call';

/** A human's answer to an approval request, tied to the tool call it was about. */
export interface ApprovalAnswer {
  toolCallId: string;
  approved: boolean;
  reason?: string;
}

/**
 * The answers the runtime recorded (`tool_approval_response` messages), each tied to its tool
 * call through the approval request of the step the runtime recorded before.
 */
export function approvalsOf(ledger: readonly LedgerExchange[]): ApprovalAnswer[] {
  const callOfApproval = new Map<string, string>();
  const answers: ApprovalAnswer[] = [];
  for (const exchange of ledger) {
    if (exchange.method !== 'POST' || exchange.status !== 200) continue;
    for (const message of arrayOf(recordOf(exchange.body)?.['messages'])) {
      for (const item of arrayOf(recordOf(message)?.['content'])) {
        const part = recordOf(item);
        if (part?.['type'] === 'tool-approval-request') {
          callOfApproval.set(String(part['approvalId']), String(part['toolCallId']));
        }
        if (part?.['type'] === 'tool-approval-response') {
          const reason = part['reason'];
          answers.push({
            toolCallId: callOfApproval.get(String(part['approvalId'])) ?? 'an unknown call',
            approved: part['approved'] === true,
            ...(typeof reason === 'string' ? { reason } : {}),
          });
        }
      }
    }
  }
  return answers;
}

/**
 * Intent 2, over the whole run: each approved tool call ran exactly once and each denied one never
 * (counting the tools' `execute`).
 */
export function approvalExecutionViolations(
  executions: readonly ToolExecution[],
  answers: readonly ApprovalAnswer[],
): string[] {
  return answers.flatMap(({ toolCallId, approved }) => {
    const runs = executions.filter((execution) => execution.toolCallId === toolCallId).length;
    if (approved && runs !== 1)
      return [`the approved call ${toolCallId} ran ${runs} times, not once`];
    if (!approved && runs !== 0)
      return [`the denied call ${toolCallId} ran ${runs} times, not never`];
    return [];
  });
}

/**
 * Intent 2, per call: a request that holds an approved call gives it what its tool returned, and
 * one that holds a denied call gives it a result that is the denial (the human's reason).
 */
export function approvalResultViolations(
  call: ModelCall,
  answers: readonly ApprovalAnswer[],
  executions: readonly ToolExecution[],
): string[] {
  const { facts } = readCall(call);
  return answers.flatMap(({ toolCallId, approved, reason }) => {
    if (!facts.toolCallIds.includes(toolCallId)) return [];
    const result = facts.toolResults.get(toolCallId);
    if (approved) {
      const output = executions.find((execution) => execution.toolCallId === toolCallId)?.output;
      return result !== undefined && result === output
        ? []
        : [
            `${call.label}: the approved call ${toolCallId} is answered ${JSON.stringify(result)}, not with what its tool returned (${JSON.stringify(output)})`,
          ];
    }
    const denial = reason ?? 'denied';
    return result?.includes(denial) === true
      ? []
      : [
          `${call.label}: the denied call ${toolCallId} is answered ${JSON.stringify(result)}, not with the denial (${JSON.stringify(denial)})`,
        ];
  });
}
