import type {
  RuntimeMessage,
  ToolCallMessage,
  ToolResultMessage,
  ToolResultOutput,
} from '@agent-ledger/messages';
import { withMetadata, type LoggedMessage } from './logged-message';
import type { OpenToolCall } from './pairing-state';
import type { Repair } from './repair';
import {
  describeOpenToolCall,
  openToolCallOutcome,
  pendingApprovalNote,
} from './report-open-tool-calls';

/** Output of the synthetic result of a call that has no result anywhere in the log. */
export const NO_RESULT_RECORDED_OUTPUT: Readonly<ToolResultOutput> = Object.freeze({
  type: 'error-text',
  value: 'No result was recorded for this tool call.',
});

/** Options of {@link settleOpenToolCalls}. */
export interface SettleOpenToolCallsOptions {
  /** Mints an id no message of the log has. */
  claimId: (base: string) => string;
  /** Written as `metadata.extra.repairedAt` on inserted results, when given. */
  now?: string;
}

/**
 * The end of a replay's pairing, with repair of dangling calls on: makes every call the model
 * may see answered, without claiming anything the log does not say. For each call still open
 * at the end of the log (`output` is the paired log, `openCalls` its open calls, each placed by
 * event index):
 * - its only result was recorded hidden from the model: the call is hidden too (both are left
 *   out together), and when its message holds other calls, an eligible copy of them follows it;
 * - its approval was refused: an `execution-denied` result (with the reason) is inserted;
 * - its approval is unanswered or granted: nothing is added, the call is pending (the note
 *   says so); the serializer decides how to present it;
 * - nothing answers it anywhere: an `error-text` result saying no result was recorded is
 *   inserted.
 * Inserted results follow the tool messages right after the call, are flagged
 * `synthetic: true`, hidden from the transcript (which shows only what was recorded), and named
 * `<callMessageId>:repair:<toolCallId>`. Each outcome is reported.
 */
export function settleOpenToolCalls(
  output: readonly LoggedMessage[],
  openCalls: ReadonlyArray<OpenToolCall<number>>,
  options: SettleOpenToolCallsOptions,
): { entries: LoggedMessage[]; repairs: Repair[] } {
  const entries = [...output];
  const repairs: Repair[] = [];
  const indexOf = new Map(output.map((entry, index) => [entry.message.id, index]));
  const insertions = new Map<number, LoggedMessage[]>();
  const insertAfter = (index: number, entry: LoggedMessage): void => {
    insertions.set(index, [...(insertions.get(index) ?? []), entry]);
  };

  const hiding = new Map<number, Array<OpenToolCall<number> & { resultMessageId: string }>>();
  const answering: Array<{ call: OpenToolCall<number>; index: number; output: ToolResultOutput }> =
    [];
  for (const call of openCalls) {
    const index = indexOf.get(call.holderId);
    if (index === undefined) continue;
    const settled = openToolCallOutcome(call);
    switch (settled.outcome) {
      case 'result-hidden':
        hiding.set(index, [
          ...(hiding.get(index) ?? []),
          { ...call, resultMessageId: settled.resultMessageId },
        ]);
        break;
      case 'pending-approval':
        repairs.push({ ...pendingApprovalNote(call, settled.approved), eventIndex: call.at });
        break;
      case 'denied':
        answering.push({
          call,
          index,
          output:
            settled.reason === undefined
              ? { type: 'execution-denied' }
              : { type: 'execution-denied', reason: settled.reason },
        });
        break;
      case 'no-result':
        answering.push({ call, index, output: { ...NO_RESULT_RECORDED_OUTPUT } });
        break;
      default: {
        const unreachable: never = settled;
        return unreachable;
      }
    }
  }

  for (const [index, calls] of hiding) {
    const holder = entries[index];
    if (holder?.message.kind !== 'tool_call') continue;
    const hiddenIds = new Set(calls.map((call) => call.toolCallId));
    const others = holder.message.content.filter((part) => !hiddenIds.has(part.toolCallId));
    entries[index] = {
      ...holder,
      message: withMetadata(holder.message, { eligibleForModelContext: false }),
    };
    const copy: ToolCallMessage | undefined =
      others.length === 0
        ? undefined
        : {
            ...holder.message,
            id: options.claimId(`${holder.message.id}:repair:eligible-parts`),
            content: others,
            metadata: { ...holder.message.metadata, synthetic: true, visibleInTranscript: false },
          };
    if (copy !== undefined) insertAfter(index, { message: copy, eventIndex: holder.eventIndex });
    for (const call of calls) {
      const what = describeOpenToolCall(call);
      repairs.push({
        type: 'tool-call-result-hidden',
        messageId: call.holderId,
        toolCallId: call.toolCallId,
        resultMessageId: call.resultMessageId,
        ...(copy === undefined ? {} : { syntheticMessageId: copy.id }),
        eventIndex: call.at,
        detail: `${what} has its only result in "${call.resultMessageId}", recorded hidden from the model; the call was hidden from the model too, so that neither reaches it${copy === undefined ? '' : ` ("${copy.id}" holds the message's ${others.length} other call(s) for the model)`}.`,
      });
    }
  }

  for (const { call, index, output: resultOutput } of answering) {
    const holder = output[index];
    if (holder === undefined) continue;
    const synthetic = syntheticResult(holder.message, call, resultOutput, options);
    insertAfter(endOfToolRun(output, index), { message: synthetic, eventIndex: call.at });
    const denied = resultOutput.type === 'execution-denied';
    repairs.push({
      type: 'dangling-tool-call',
      messageId: call.holderId,
      toolCallId: call.toolCallId,
      syntheticMessageId: synthetic.id,
      eventIndex: call.at,
      detail: denied
        ? `${describeOpenToolCall(call)} was denied and has no result; inserted "${synthetic.id}" with an execution-denied output.`
        : `${describeOpenToolCall(call)} has no result anywhere in the log; inserted "${synthetic.id}" saying that no result was recorded.`,
    });
  }
  return {
    entries: entries.flatMap((entry, index) => [entry, ...(insertions.get(index) ?? [])]),
    repairs,
  };
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
  call: OpenToolCall<number>,
  output: ToolResultOutput,
  options: SettleOpenToolCallsOptions,
): ToolResultMessage {
  return {
    id: options.claimId(`${callMessage.id}:repair:${call.toolCallId}`),
    sessionId: callMessage.sessionId,
    ...(callMessage.runId === undefined ? {} : { runId: callMessage.runId }),
    role: 'tool',
    kind: 'tool_result',
    createdAt: callMessage.createdAt,
    metadata: {
      synthetic: true,
      visibleInTranscript: false,
      source: 'runtime',
      ...(options.now === undefined ? {} : { extra: { repairedAt: options.now } }),
    },
    content: [
      { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output },
    ],
  };
}
