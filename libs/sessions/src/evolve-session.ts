import {
  handleSessionEvent,
  type SessionEvent,
  type SessionEventHandlers,
} from '@agent-ledger/events';
import { modelCallFingerprint } from './model-call-fingerprint';
import { recordMessage } from './record-message';
import type { SessionState } from './session-state';

/**
 * Folds one event into the state. It updates `state` in place and returns it (see `SessionState`):
 * its cost does not depend on the session's length. Total: an event it has nothing to learn from
 * (a pruning naming an unknown message, say) leaves the state as it was.
 */
export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  return handleSessionEvent(EVOLVE, event, state);
}

const EVOLVE: SessionEventHandlers<[state: SessionState], SessionState> = {
  SessionStarted: (event, state) => {
    if (state.status === 'new') state.status = 'active';
    if (event.data.subjectId !== undefined) state.subjectId = event.data.subjectId;
    return state;
  },
  ClaudeCodeEntriesRecorded: (_event, state) => {
    if (state.status === 'new') state.status = 'active';
    return state;
  },
  ContextOverflowRecovered: (_event, state) => state,
  ProviderCompactionRecorded: (_event, state) => state,
  ProviderContextEdited: (_event, state) => state,
  SessionEnded: (_event, state) => {
    state.status = 'ended';
    return state;
  },
  // The runner folds a rewind only while refolding the current line (`currentLine`): what the
  // rewind undid is then never folded, and the state only learns where the line now goes on.
  SessionRewound: (event, state) => {
    state.lineEpoch = event.data.fromRevision;
    return state;
  },
  ToolResultsPruned: (event, state) => {
    for (const messageId of event.data.messageIds) {
      const facts = state.toolResults.get(messageId);
      if (facts !== undefined) facts.pruned = true;
    }
    return state;
  },
  ModelCallRecorded: (event, state) => {
    const { callId, generationId, responseMessageCount } = event.data;
    if (state.status === 'new') state.status = 'active';
    state.modelCalls.set(callId, modelCallFingerprint(event.data));
    const counted = state.generationResponseCounts.get(generationId) ?? 0;
    state.generationResponseCounts.set(generationId, Math.max(counted, responseMessageCount));
    return state;
  },
  MessageRecorded: (event, state) => {
    if (state.status === 'new') state.status = 'active';
    return recordMessage(state, event.data);
  },
  // Total: an event of a newer version teaches this decider nothing.
  unknownType: (_eventType, state) => state,
};
