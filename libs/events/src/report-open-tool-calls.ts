import type { OpenToolCall } from './pairing-state';
import type { RepairFinding } from './repair';

/**
 * What the log says about a call left without an eligible result at the end of it:
 * - `result-hidden`: a result was recorded (`resultMessageId`), but hidden from the model;
 * - `denied`: its approval was refused (the refusal is the recorded fact);
 * - `pending-approval`: its approval is unanswered, or granted (`approved`): it has not run *yet*;
 * - `no-result`: nothing answers it anywhere in the log.
 */
export type OpenToolCallOutcome =
  | { outcome: 'result-hidden'; resultMessageId: string }
  | { outcome: 'denied'; reason?: string }
  | { outcome: 'pending-approval'; approved: boolean }
  | { outcome: 'no-result' };

/** The outcome of an open call; a recorded result, even hidden, comes first. */
export function openToolCallOutcome(call: OpenToolCall<unknown>): OpenToolCallOutcome {
  if (call.hiddenResultMessageId !== undefined) {
    return { outcome: 'result-hidden', resultMessageId: call.hiddenResultMessageId };
  }
  const approval = call.approval;
  if (approval === undefined) return { outcome: 'no-result' };
  if (approval.status !== 'denied') {
    return { outcome: 'pending-approval', approved: approval.status === 'approved' };
  }
  return approval.reason === undefined
    ? { outcome: 'denied' }
    : { outcome: 'denied', reason: approval.reason };
}

/** `Tool call "<id>" (<name>) in "<holder>"`, how every repair about an open call begins. */
export function describeOpenToolCall(call: OpenToolCall<unknown>): string {
  return `Tool call "${call.toolCallId}" (${call.toolName}) in "${call.holderId}"`;
}

/** The note a pending call gets, repair on or off: nothing is added for it. */
export function pendingApprovalNote(call: OpenToolCall<unknown>, approved: boolean): RepairFinding {
  return {
    type: 'pending-tool-approval',
    messageId: call.holderId,
    toolCallId: call.toolCallId,
    approved,
    detail: approved
      ? `${describeOpenToolCall(call)} was approved and has not run yet; it is pending, so no result was added (the runtime runs it, as generateText runs an approved call that has no result).`
      : `${describeOpenToolCall(call)} awaits the answer to its approval request; it is pending, so no result was added.`,
  };
}

/**
 * The repairs normalization reports, with repair of dangling calls off, for the calls still
 * open at the end of the log so far (the read models compute them when read: the next result
 * makes one disappear). Nothing is changed: each open call is reported with what the log says
 * about it, each at the place of its call.
 */
export function reportOpenToolCalls<At>(
  calls: ReadonlyArray<OpenToolCall<At>>,
): Array<{ at: At; repair: RepairFinding }> {
  const leftAsItIs = 'left as it is (repair of dangling tool calls is off).';
  return calls.map((call) => {
    const what = describeOpenToolCall(call);
    const base = { messageId: call.holderId, toolCallId: call.toolCallId };
    const settled = openToolCallOutcome(call);
    switch (settled.outcome) {
      case 'result-hidden':
        return {
          at: call.at,
          repair: {
            type: 'tool-call-result-hidden',
            ...base,
            resultMessageId: settled.resultMessageId,
            detail: `${what} has no result the model may see: its result in "${settled.resultMessageId}" was recorded hidden from the model; ${leftAsItIs}`,
          },
        };
      case 'pending-approval':
        return { at: call.at, repair: pendingApprovalNote(call, settled.approved) };
      case 'denied':
      case 'no-result':
        return {
          at: call.at,
          repair: {
            type: 'dangling-tool-call',
            ...base,
            detail: `${what}${settled.outcome === 'denied' ? ' was denied and' : ''} has no result; ${leftAsItIs}`,
          },
        };
      default: {
        const unreachable: never = settled;
        return unreachable;
      }
    }
  });
}
