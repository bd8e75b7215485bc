import type { RuntimeMessage } from '@agent-ledger/messages';
import { messageFingerprint } from './message-fingerprint';
import type { SessionState } from './session-state';
import { toolResultLength } from './tool-result-length';

/** Adds what the decider must remember of `message` to `state` (in place) and returns `state`. */
export function recordMessage(state: SessionState, message: RuntimeMessage): SessionState {
  state.messageFingerprints.set(message.id, messageFingerprint(message));
  switch (message.kind) {
    case 'user_input':
      state.userTurns += 1;
      break;
    case 'tool_call':
      for (const part of message.content) state.toolCallIds.add(part.toolCallId);
      break;
    case 'tool_result':
      for (const part of message.content) state.answeredToolCallIds.add(part.toolCallId);
      state.toolResults.set(message.id, {
        length: toolResultLength(message),
        userTurn: state.userTurns,
        pruned: message.metadata?.compactedAt !== undefined,
      });
      break;
    case 'tool_approval_request':
      for (const part of message.content) state.approvalIds.add(part.approvalId);
      break;
    case 'tool_approval_response':
      for (const part of message.content) state.answeredApprovalIds.add(part.approvalId);
      break;
    case 'compact_boundary':
      state.boundaryIds.add(message.id);
      break;
    case 'compact_summary':
      if (message.metadata?.summaryForBoundaryId !== undefined) {
        state.summarizedBoundaryIds.add(message.metadata.summaryForBoundaryId);
      }
      break;
    case 'system_note':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'runtime_reminder':
    case 'handoff_summary':
    case 'agent_switch_note':
      break;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
  return state;
}
