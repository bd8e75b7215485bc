import type { ApprovalFacts, ModelCall } from '../scenario/session-record';
import type { ToolExecution } from '../workspace-tools';
import { readCall } from './read-call';

/**
 * Intent 2, over the whole run: the approved tool call ran exactly once and the denied one never
 * (counting the tools' `execute`).
 */
export function approvalExecutionViolations(
  executions: readonly ToolExecution[],
  approvals: ApprovalFacts,
): string[] {
  const runs = (toolCallId: string) =>
    executions.filter((execution) => execution.toolCallId === toolCallId).length;
  const approvedRuns = runs(approvals.approvedCallId);
  const deniedRuns = runs(approvals.deniedCallId);
  return [
    ...(approvedRuns === 1
      ? []
      : [`the approved call ${approvals.approvedCallId} ran ${approvedRuns} times, not once`]),
    ...(deniedRuns === 0
      ? []
      : [`the denied call ${approvals.deniedCallId} ran ${deniedRuns} times, not never`]),
  ];
}

/**
 * Intent 2, per call: a request that holds the approved call gives it the tool's real output, and
 * one that holds the denied call gives it a result that is the denial (its reason).
 */
export function approvalResultViolations(call: ModelCall, approvals: ApprovalFacts): string[] {
  const { facts } = readCall(call);
  const violations: string[] = [];
  if (facts.toolCallIds.includes(approvals.approvedCallId)) {
    const result = facts.toolResults.get(approvals.approvedCallId);
    if (result !== approvals.approvedOutput) {
      violations.push(
        `${call.label}: the approved call ${approvals.approvedCallId} is answered ${JSON.stringify(result)}, not with what the tool printed (${JSON.stringify(approvals.approvedOutput)})`,
      );
    }
  }
  if (facts.toolCallIds.includes(approvals.deniedCallId)) {
    const result = facts.toolResults.get(approvals.deniedCallId);
    if (result === undefined || !result.includes(approvals.denialReason)) {
      violations.push(
        `${call.label}: the denied call ${approvals.deniedCallId} is answered ${JSON.stringify(result)}, not with the denial (${JSON.stringify(approvals.denialReason)})`,
      );
    }
  }
  return violations;
}
