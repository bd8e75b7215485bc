import type { SessionEvent } from '@agent-ledger/events';
import { modelCallFingerprint } from './model-call-fingerprint';
import { recordMessage } from './record-message';
import type { SessionState } from './session-state';

/**
 * Folds one event into the state. It updates `state` in place and returns it (see `SessionState`):
 * its cost does not depend on the session's length. Total: an event it has nothing to learn from
 * (a pruning naming an unknown message, say) leaves the state as it was.
 */
export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      if (state.status === 'new') state.status = 'active';
      return state;
    case 'SessionEnded':
      state.status = 'ended';
      return state;
    case 'ToolResultsPruned':
      for (const messageId of event.data.messageIds) {
        const facts = state.toolResults.get(messageId);
        if (facts !== undefined) facts.pruned = true;
      }
      return state;
    case 'ModelCallRecorded': {
      const { callId, generationId, responseMessageCount } = event.data;
      if (state.status === 'new') state.status = 'active';
      state.modelCalls.set(callId, modelCallFingerprint(event.data));
      const counted = state.generationResponseCounts.get(generationId) ?? 0;
      state.generationResponseCounts.set(generationId, Math.max(counted, responseMessageCount));
      return state;
    }
    case 'SystemNoteRecorded':
    case 'UserInputRecorded':
    case 'AssistantTextRecorded':
    case 'AssistantReasoningRecorded':
    case 'ToolCallRecorded':
    case 'ToolResultRecorded':
    case 'ToolApprovalRequested':
    case 'ToolApprovalResponded':
    case 'CompactBoundaryRecorded':
    case 'CompactSummaryRecorded':
    case 'RuntimeReminderRecorded':
    case 'HandoffSummaryRecorded':
    case 'AgentSwitchNoteRecorded':
      if (state.status === 'new') state.status = 'active';
      return recordMessage(state, event.data);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
