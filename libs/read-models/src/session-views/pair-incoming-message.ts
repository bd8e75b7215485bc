import type {
  RuntimeMessage,
  ToolApprovalResponseMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '@agent-ledger/messages';
import { claimStoredId } from './claim-stored-id';
import type { SessionRepair } from './session-repair';
import type { SessionViewsStore } from './session-views-store';

/** A message to store: the incoming one, or the eligible-parts copy pairing made of it. */
export interface PairedEntry {
  message: RuntimeMessage;
  copyOf?: string;
}

type CheckedMessage = ToolCallMessage | ToolResultMessage | ToolApprovalResponseMessage;

/**
 * Normalization's pairing step (`pairToolCalls`) for one message arriving at the end of the
 * session, against the stored pairing state: a reused call id, a result with no open call, an
 * approval response with no request hide the message from the model (and an eligible copy keeps
 * its good parts); good calls are opened, answered calls closed, approvals and denials remembered.
 * Dangling calls are not repaired here: the read models keep `repairDanglingToolCalls: false`,
 * so a call whose result is still coming stays open (see `openToolCalls`).
 */
export function pairIncomingMessage(
  store: SessionViewsStore,
  sessionId: string,
  message: RuntimeMessage,
  at: { seq: number; revision: number },
): PairedEntry[] {
  if (message.metadata?.eligibleForModelContext === false) return [{ message }];
  const problems: SessionRepair[] = [];
  const problem = (
    type: 'duplicate-tool-call-id' | 'duplicate-tool-result' | 'orphan-tool-result',
    toolCallId: string,
    why: string,
  ): SessionRepair => ({
    type,
    messageId: message.id,
    toolCallId,
    revision: at.revision,
    detail: `${type === 'duplicate-tool-call-id' ? 'Tool call' : 'Result of tool call'} "${toolCallId}" in "${message.id}" ${why}; the message was hidden from the model.`,
  });

  switch (message.kind) {
    case 'tool_call': {
      const seen = new Set<string>();
      const good = message.content.filter((part) => {
        if (
          !seen.has(part.toolCallId) &&
          store.toolCallState(sessionId, part.toolCallId) === undefined
        ) {
          seen.add(part.toolCallId);
          return true;
        }
        problems.push(
          problem('duplicate-tool-call-id', part.toolCallId, 'reuses the id of an earlier call'),
        );
        return false;
      });
      const entries = place(store, sessionId, message, good, problems);
      const holder = entries.at(-1);
      if (good.length > 0 && holder !== undefined) {
        const holderAt = {
          id: holder.message.id,
          seq: at.seq + entries.length - 1,
          revision: at.revision,
        };
        good.forEach((part, partIndex) =>
          store.openToolCall(sessionId, { ...part, partIndex }, holderAt),
        );
      }
      return entries;
    }
    case 'tool_result': {
      const good = message.content.filter((part) => {
        const state = store.toolCallState(sessionId, part.toolCallId);
        if (state === 'open') {
          store.closeToolCall(sessionId, part.toolCallId);
          return true;
        }
        problems.push(
          state === 'answered'
            ? problem(
                'duplicate-tool-result',
                part.toolCallId,
                'comes after that call already has a result',
              )
            : problem('orphan-tool-result', part.toolCallId, 'has no eligible call before it'),
        );
        return false;
      });
      return place(store, sessionId, message, good, problems);
    }
    case 'tool_approval_request':
      for (const part of message.content) {
        store.rememberApproval(sessionId, part.approvalId, part.toolCallId);
      }
      return [{ message }];
    case 'tool_approval_response': {
      const good = message.content.filter((part) => {
        const toolCallId = store.approvalToolCallId(sessionId, part.approvalId);
        if (toolCallId === undefined) {
          problems.push({
            type: 'orphan-approval-response',
            messageId: message.id,
            approvalId: part.approvalId,
            revision: at.revision,
            detail: `Approval response "${part.approvalId}" in "${message.id}" answers no approval request before it; the message was hidden from the model.`,
          });
          return false;
        }
        if (!part.approved) store.rememberDenial(sessionId, toolCallId);
        return true;
      });
      return place(store, sessionId, message, good, problems);
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

/**
 * The message as it is when nothing is wrong; otherwise hidden from the model, followed by an
 * eligible copy holding the good parts (hidden from the transcript) when there are any.
 */
function place<M extends CheckedMessage>(
  store: SessionViewsStore,
  sessionId: string,
  message: M,
  goodParts: M['content'],
  problems: SessionRepair[],
): PairedEntry[] {
  if (problems.length === 0) return [{ message }];
  for (const repair of problems) store.addRepair(sessionId, repair);
  const hidden: M = {
    ...message,
    metadata: { ...message.metadata, eligibleForModelContext: false },
  };
  if (goodParts.length === 0) return [{ message: hidden }];
  const copyId = claimStoredId(store, sessionId, `${message.id}:repair:eligible-parts`);
  const copy: M = {
    ...message,
    id: copyId,
    content: goodParts,
    metadata: { ...message.metadata, synthetic: true, visibleInTranscript: false },
  };
  const revision = problems[0]?.revision ?? 0;
  store.addRepair(sessionId, {
    type: 'eligible-parts-copied',
    messageId: message.id,
    syntheticMessageId: copyId,
    revision,
    detail: `Message "${message.id}" mixes parts the model may see with parts it must not; it was hidden from the model and "${copyId}" holds the ${goodParts.length} good part(s) for it.`,
  });
  return [{ message: hidden }, { message: copy, copyOf: message.id }];
}
