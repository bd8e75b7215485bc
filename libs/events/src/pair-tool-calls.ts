import type {
  RuntimeMessage,
  ToolApprovalResponseMessage,
  ToolCallMessage,
  ToolCallPart,
  ToolResultMessage,
  ToolResultOutput,
} from '@agent-ledger/messages';
import {
  claimUniqueId,
  isEligibleForModelContext,
  withMetadata,
  type LoggedMessage,
} from './logged-message';
import type { Repair } from './repair';

/** Output of a synthetic result for a call that never got one. */
export const INTERRUPTED_TOOL_CALL_OUTPUT: Readonly<ToolResultOutput> = Object.freeze({
  type: 'error-text',
  value: 'Tool call was interrupted before it returned a result.',
});

/** Options of {@link pairToolCalls}. */
export interface PairToolCallsOptions {
  /** Insert a synthetic result for each call without one (else only report it). */
  insertSyntheticResults: boolean;
  /** Written as `metadata.extra.repairedAt` on inserted results, when given. */
  now?: string;
  /** Ids in use; minted ids are added to it. */
  takenIds: Set<string>;
}

interface OpenCall {
  part: ToolCallPart;
  /** The eligible message holding the call, and its index in the output. */
  holder: LoggedMessage;
  outputIndex: number;
}

/** Kinds whose parts are checked against the calls and approvals before them. */
type CheckedMessage = ToolCallMessage | ToolResultMessage | ToolApprovalResponseMessage;

/**
 * Second step of normalization: makes the messages the model may see pair up, as every provider
 * requires. Among messages eligible for model context, in order:
 * - a tool call reusing an earlier call's id, a result with no open call (orphan, or a second
 *   result), an approval response with no request: the message holding it is hidden from the
 *   model (`eligibleForModelContext: false`) but kept for the transcript; when the same message
 *   also holds good parts, an eligible copy with just those is added (hidden from the transcript);
 * - a call left without a result gets a synthetic `tool_result` (`execution-denied` when its
 *   approval was refused, else an interrupted error) placed after the tool messages that follow
 *   the call, with the id `<callMessageId>:repair:<toolCallId>`.
 * Messages already ineligible take no part. Each change is reported.
 */
export function pairToolCalls(
  entries: readonly LoggedMessage[],
  options: PairToolCallsOptions,
): { entries: LoggedMessage[]; repairs: Repair[] } {
  const output: LoggedMessage[] = [];
  const repairs: Repair[] = [];
  const openCalls = new Map<string, OpenCall>();
  const seenCallIds = new Set<string>();
  const toolCallIdOfApproval = new Map<string, string>();
  const denials = new Map<string, { reason?: string }>();

  /** Pushes the message (hidden and copied when some parts are bad); returns the eligible holder's index. */
  const place = <M extends CheckedMessage>(
    entry: LoggedMessage,
    message: M,
    goodParts: M['content'],
    problems: Repair[],
  ): number | undefined => {
    if (problems.length === 0) return output.push(entry) - 1;
    repairs.push(...problems);
    output.push({ ...entry, message: withMetadata(message, { eligibleForModelContext: false }) });
    if (goodParts.length === 0) return undefined;
    const copyId = claimUniqueId(`${message.id}:repair:eligible-parts`, options.takenIds);
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
      eventIndex: entry.eventIndex,
      detail: `Message "${message.id}" mixes parts the model may see with parts it must not; it was hidden from the model and "${copyId}" holds the ${goodParts.length} good part(s) for it.`,
    });
    return output.push({ message: copy, eventIndex: entry.eventIndex }) - 1;
  };

  for (const entry of entries) {
    const message = entry.message;
    if (!isEligibleForModelContext(message)) {
      output.push(entry);
      continue;
    }
    const problem = problemReporter(message.id, entry.eventIndex);
    switch (message.kind) {
      case 'tool_call': {
        const problems: Repair[] = [];
        const good = message.content.filter((part) => {
          if (!seenCallIds.has(part.toolCallId)) {
            seenCallIds.add(part.toolCallId);
            return true;
          }
          problems.push(
            problem('duplicate-tool-call-id', part.toolCallId, 'reuses the id of an earlier call'),
          );
          return false;
        });
        const outputIndex = place(entry, message, good, problems);
        const holder = outputIndex === undefined ? undefined : output[outputIndex];
        if (outputIndex === undefined || holder === undefined) break;
        for (const part of good) openCalls.set(part.toolCallId, { part, holder, outputIndex });
        break;
      }
      case 'tool_result': {
        const problems: Repair[] = [];
        const good = message.content.filter((part) => {
          if (openCalls.delete(part.toolCallId)) return true;
          problems.push(
            seenCallIds.has(part.toolCallId)
              ? problem(
                  'duplicate-tool-result',
                  part.toolCallId,
                  'comes after that call already has a result',
                )
              : problem('orphan-tool-result', part.toolCallId, 'has no eligible call before it'),
          );
          return false;
        });
        place(entry, message, good, problems);
        break;
      }
      case 'tool_approval_request':
        for (const part of message.content)
          toolCallIdOfApproval.set(part.approvalId, part.toolCallId);
        output.push(entry);
        break;
      case 'tool_approval_response': {
        const problems: Repair[] = [];
        const good = message.content.filter((part) => {
          const toolCallId = toolCallIdOfApproval.get(part.approvalId);
          if (toolCallId === undefined) {
            problems.push({
              type: 'orphan-approval-response',
              messageId: message.id,
              approvalId: part.approvalId,
              eventIndex: entry.eventIndex,
              detail: `Approval response "${part.approvalId}" in "${message.id}" answers no approval request before it; the message was hidden from the model.`,
            });
            return false;
          }
          if (!part.approved) {
            denials.set(toolCallId, part.reason === undefined ? {} : { reason: part.reason });
          }
          return true;
        });
        place(entry, message, good, problems);
        break;
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
        output.push(entry);
        break;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  const insertions = new Map<number, LoggedMessage[]>();
  for (const [toolCallId, call] of openCalls) {
    const { message: holder, eventIndex } = call.holder;
    const denial = denials.get(toolCallId);
    const what = `Tool call "${toolCallId}" (${call.part.toolName}) in "${holder.id}"${denial === undefined ? '' : ' was denied and'} has no result`;
    if (!options.insertSyntheticResults) {
      repairs.push({
        type: 'dangling-tool-call',
        messageId: holder.id,
        toolCallId,
        eventIndex,
        detail: `${what}; left as it is (repair of dangling tool calls is off).`,
      });
      continue;
    }
    const resultOutput: ToolResultOutput =
      denial === undefined
        ? { ...INTERRUPTED_TOOL_CALL_OUTPUT }
        : { type: 'execution-denied', ...denial };
    const synthetic = syntheticResult(holder, call.part, resultOutput, options);
    const after = endOfToolRun(output, call.outputIndex);
    insertions.set(after, [...(insertions.get(after) ?? []), { message: synthetic, eventIndex }]);
    repairs.push({
      type: 'dangling-tool-call',
      messageId: holder.id,
      toolCallId,
      syntheticMessageId: synthetic.id,
      eventIndex,
      detail: `${what}; inserted "${synthetic.id}" with ${denial === undefined ? 'an interrupted error' : 'an execution-denied output'}.`,
    });
  }
  return {
    entries: output.flatMap((entry, index) => [entry, ...(insertions.get(index) ?? [])]),
    repairs,
  };
}

function problemReporter(messageId: string, eventIndex: number) {
  return (
    type: 'duplicate-tool-call-id' | 'duplicate-tool-result' | 'orphan-tool-result',
    toolCallId: string,
    why: string,
  ): Repair => ({
    type,
    messageId,
    toolCallId,
    eventIndex,
    detail: `${type === 'duplicate-tool-call-id' ? 'Tool call' : 'Result of tool call'} "${toolCallId}" in "${messageId}" ${why}; the message was hidden from the model.`,
  });
}

/** Index of the last tool message (result or approval) in the run right after `index`. */
function endOfToolRun(messages: readonly LoggedMessage[], index: number): number {
  let end = index;
  while (isToolFollowUp(messages[end + 1]?.message)) end += 1;
  return end;
}

function isToolFollowUp(message: RuntimeMessage | undefined): boolean {
  return (
    message?.kind === 'tool_result' ||
    message?.kind === 'tool_approval_request' ||
    message?.kind === 'tool_approval_response'
  );
}

function syntheticResult(
  callMessage: RuntimeMessage,
  call: ToolCallPart,
  output: ToolResultOutput,
  options: PairToolCallsOptions,
): ToolResultMessage {
  return {
    id: claimUniqueId(`${callMessage.id}:repair:${call.toolCallId}`, options.takenIds),
    sessionId: callMessage.sessionId,
    ...(callMessage.runId === undefined ? {} : { runId: callMessage.runId }),
    role: 'tool',
    kind: 'tool_result',
    createdAt: callMessage.createdAt,
    metadata: {
      synthetic: true,
      source: 'runtime',
      ...(options.now === undefined ? {} : { extra: { repairedAt: options.now } }),
    },
    content: [
      { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output },
    ],
  };
}
