import {
  derivedOnce,
  type RuntimeMessage,
  type ToolApprovalResponseMessage,
  type ToolCallMessage,
  type ToolResultMessage,
  type ToolResultPart,
} from '@agent-ledger/messages';
import { fillToolResultNames } from './fill-tool-result-names';
import { isEligibleForModelContext } from './logged-message';
import type { PairedEntry, PairingState } from './pairing-state';
import type { RepairFinding } from './repair';

/** What one message became: the entries to place after what came before, in order, and why. */
export interface PairedMessage {
  entries: PairedEntry[];
  repairs: RepairFinding[];
}

/** Kinds whose parts are checked against the calls and approvals before them. */
type CheckedMessage = ToolCallMessage | ToolResultMessage | ToolApprovalResponseMessage;

/**
 * The fold step of normalization's pairing, for one message arriving at the end of the session
 * so far: the single place where the pairing rules live. A replay (`normalizeSessionEvents`)
 * runs it over the log with an in-memory {@link PairingState}, the read models with one kept in
 * SQLite. Among messages eligible for model context:
 * - a tool call reusing an earlier call's id, a second result for an answered call, a result
 *   with no call before it, an approval response with no request: the message is hidden from
 *   the model (`eligibleForModelContext: false`) but kept for the transcript; when it also holds
 *   good parts, an eligible copy with just those follows it (hidden from the transcript);
 * - a result with no call before it is kept in the state: when its call comes, a copy of it is
 *   placed right after the call (`tool-result-moved`), so that the result the log holds answers
 *   the call, and the transcript still shows it once, where it was recorded;
 * - a result answering a call recorded hidden from the model is hidden too, saying why;
 * - calls are opened, answered calls closed, approvals and their answers remembered.
 * A message recorded hidden from the model takes no part, but its calls and results are
 * remembered: a call whose only result is hidden is settled at the end of the log (see
 * `settleOpenToolCalls`). A missing `toolName` on a result is filled in from the first call of
 * its id placed before it. Nothing here invents a result: that happens only at the end, where a
 * call that has none anywhere is known.
 */
export function pairMessage<At>(
  state: PairingState<At>,
  message: RuntimeMessage,
  at: At,
): PairedMessage {
  const repairs: RepairFinding[] = [];
  const entries = isEligibleForModelContext(message)
    ? pairEligible(state, message, at, repairs)
    : rememberHidden(state, message);
  return { entries: entries.map((entry) => withToolNames(state, entry)), repairs };
}

function pairEligible<At>(
  state: PairingState<At>,
  message: RuntimeMessage,
  at: At,
  repairs: RepairFinding[],
): PairedEntry[] {
  const problems: RepairFinding[] = [];
  const problem = problemReporter(message.id);
  switch (message.kind) {
    case 'tool_call': {
      const seen = new Set<string>();
      const good = message.content.filter((part) => {
        if (!seen.has(part.toolCallId) && state.toolCallState(part.toolCallId) === undefined) {
          seen.add(part.toolCallId);
          return true;
        }
        problems.push(
          problem('duplicate-tool-call-id', part.toolCallId, 'reuses the id of an earlier call'),
        );
        return false;
      });
      const entries = place(state, message, good, problems, repairs);
      const holder = entries.at(-1)?.message;
      if (good.length === 0 || holder === undefined) return entries;
      good.forEach((part, partIndex) =>
        state.openToolCall({
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          holderId: holder.id,
          partIndex,
          at,
        }),
      );
      const early = good.flatMap((part) => state.takeEarlyResult(part.toolCallId) ?? []);
      return [...entries, ...moveAfterCall(state, holder.id, early, repairs)];
    }
    case 'tool_result': {
      const early: ToolResultPart[] = [];
      const good = message.content.filter((part) => {
        const callState = state.toolCallState(part.toolCallId);
        if (callState === 'open') {
          state.closeToolCall(part.toolCallId);
          return true;
        }
        const hiddenCall = state.hiddenToolPart('call', part.toolCallId);
        if (callState === 'answered') {
          problems.push(
            problem(
              'duplicate-tool-result',
              part.toolCallId,
              'comes after that call already has a result',
            ),
          );
        } else if (hiddenCall !== undefined) {
          state.rememberHiddenToolPart('result', part.toolCallId, message.id);
          problems.push(
            problem(
              'orphan-tool-result',
              part.toolCallId,
              `answers a call recorded hidden from the model (in "${hiddenCall}")`,
              'too',
            ),
          );
        } else {
          early.push(part);
          problems.push(
            problem('orphan-tool-result', part.toolCallId, 'has no eligible call before it'),
          );
        }
        return false;
      });
      const entries = place(state, message, good, problems, repairs);
      const hidden = entries[0]?.message;
      if (hidden?.kind === 'tool_result') {
        for (const part of early) state.rememberEarlyResult(part.toolCallId, hidden, part);
      }
      return entries;
    }
    case 'tool_approval_request':
      for (const part of message.content) {
        state.rememberApprovalRequest(part.approvalId, part.toolCallId);
      }
      return [{ message }];
    case 'tool_approval_response': {
      const good = message.content.filter((part) => {
        const toolCallId = state.approvalToolCallId(part.approvalId);
        if (toolCallId === undefined) {
          problems.push({
            type: 'orphan-approval-response',
            messageId: message.id,
            approvalId: part.approvalId,
            detail: `Approval response "${part.approvalId}" in "${message.id}" answers no approval request before it; the message was hidden from the model.`,
          });
          return false;
        }
        state.rememberApprovalResponse(
          toolCallId,
          part.reason === undefined
            ? { approved: part.approved }
            : { approved: part.approved, reason: part.reason },
        );
        return true;
      });
      return place(state, message, good, problems, repairs);
    }
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'compact_boundary':
    case 'compact_summary':
    case 'runtime_reminder':
    case 'handoff_summary':
    case 'agent_switch_note':
      return [{ message }];
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/** A message the model must not see: placed as it is, its calls and results remembered. */
function rememberHidden<At>(state: PairingState<At>, message: RuntimeMessage): PairedEntry[] {
  if (message.kind === 'tool_call' || message.kind === 'tool_result') {
    const kind = message.kind === 'tool_call' ? 'call' : 'result';
    for (const part of message.content) {
      state.rememberHiddenToolPart(kind, part.toolCallId, message.id);
    }
  }
  return [{ message }];
}

/**
 * The message as it is when nothing is wrong; otherwise hidden from the model, followed by an
 * eligible copy holding the good parts (hidden from the transcript) when there are any.
 */
function place<At, M extends CheckedMessage>(
  state: PairingState<At>,
  message: M,
  goodParts: M['content'],
  problems: RepairFinding[],
  repairs: RepairFinding[],
): PairedEntry[] {
  if (problems.length === 0) return [{ message }];
  repairs.push(...problems);
  const hidden: M = {
    ...message,
    metadata: { ...message.metadata, eligibleForModelContext: false },
  };
  if (goodParts.length === 0) return [{ message: hidden }];
  const copyId = state.claimId(`${message.id}:repair:eligible-parts`);
  const copy: M = {
    ...message,
    id: copyId,
    content: goodParts,
    metadata: { ...message.metadata, synthetic: true, visibleInTranscript: false },
  };
  repairs.push({
    type: 'eligible-parts-copied',
    messageId: message.id,
    syntheticMessageId: copyId,
    detail: `Message "${message.id}" mixes parts the model may see with parts it must not; it was hidden from the model and "${copyId}" holds the ${goodParts.length} good part(s) for it.`,
  });
  return [{ message: hidden }, { message: copy, copyOf: message.id }];
}

/**
 * Copies of results recorded before their calls, placed right after the calls' holder: one per
 * recorded message, with its parts for these calls, which are then answered.
 */
function moveAfterCall<At>(
  state: PairingState<At>,
  callMessageId: string,
  early: ReadonlyArray<{ message: ToolResultMessage; part: ToolResultPart }>,
  repairs: RepairFinding[],
): PairedEntry[] {
  const byMessage = new Map<string, { message: ToolResultMessage; parts: ToolResultPart[] }>();
  for (const { message, part } of early) {
    const group = byMessage.get(message.id) ?? { message, parts: [] };
    group.parts.push(part);
    byMessage.set(message.id, group);
  }
  return [...byMessage.values()].map(({ message, parts }): PairedEntry => {
    const { eligibleForModelContext: _hidden, ...metadata } = message.metadata ?? {};
    const copy: ToolResultMessage = {
      ...message,
      id: state.claimId(`${message.id}:repair:moved`),
      content: parts,
      metadata: { ...metadata, synthetic: true, visibleInTranscript: false },
    };
    for (const part of parts) {
      state.closeToolCall(part.toolCallId);
      repairs.push({
        type: 'tool-result-moved',
        messageId: message.id,
        toolCallId: part.toolCallId,
        callMessageId,
        syntheticMessageId: copy.id,
        detail: `Result of tool call "${part.toolCallId}" was recorded in "${message.id}" before its call in "${callMessageId}"; "${copy.id}", a copy of it, was placed right after the call for the model ("${message.id}" stays where it was recorded, hidden from the model).`,
      });
    }
    return { message: copy, copyOf: message.id };
  });
}

/** Remembers the names of a placed call; fills a placed result's missing names from them. */
function withToolNames<At>(state: PairingState<At>, entry: PairedEntry): PairedEntry {
  const message = entry.message;
  if (message.kind === 'tool_call') {
    for (const part of message.content) state.rememberToolName(part.toolCallId, part.toolName);
    return entry;
  }
  if (message.kind !== 'tool_result') return entry;
  if (message.content.every((part) => part.toolName !== undefined)) return entry;
  const names = (toolCallId: string) => state.toolName(toolCallId);
  // A frozen message (a cached log's) gets the same copy each time: it depends on the message and
  // the names found for it. Any other is filled afresh.
  const filled = Object.isFrozen(message)
    ? derivedOnce(
        message,
        `toolNames:${JSON.stringify(message.content.map((part) => part.toolName ?? names(part.toolCallId) ?? null))}`,
        (recorded) => fillToolResultNames(recorded, names),
      )
    : fillToolResultNames(message, names);
  return filled === message ? entry : { ...entry, message: filled };
}

function problemReporter(messageId: string) {
  return (
    type: 'duplicate-tool-call-id' | 'duplicate-tool-result' | 'orphan-tool-result',
    toolCallId: string,
    why: string,
    hiddenToo?: 'too',
  ): RepairFinding => ({
    type,
    messageId,
    toolCallId,
    detail: `${type === 'duplicate-tool-call-id' ? 'Tool call' : 'Result of tool call'} "${toolCallId}" in "${messageId}" ${why}; the message was hidden from the model${hiddenToo === undefined ? '' : ' too'}.`,
  });
}
