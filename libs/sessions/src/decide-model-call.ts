import {
  messageRecorded,
  type ModelCallRecordedEvent,
  type SessionEvent,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { modelCallFingerprint } from './model-call-fingerprint';
import { providerContextEvents } from './provider-context-events';
import type { RecordModelCall, SessionDecisionContext } from './session-command';
import { SessionRuleError, type SessionRuleCode } from './session-rule-error';
import type { SessionState } from './session-state';
import { selectNewMessages } from './select-new-messages';
import { startingSession } from './starting-session';

/** Codes a message re-sent under a new id breaks: its call, result or approval id is taken. */
const RESENT_UNDER_NEW_ID: ReadonlySet<SessionRuleCode> = new Set<SessionRuleCode>([
  'DuplicateToolCallId',
  'ToolCallAlreadyAnswered',
  'DuplicateApprovalId',
  'ApprovalAlreadyAnswered',
]);

/**
 * The events of one model call: the generation's response messages not recorded yet (a message
 * sent again at its index is a retry, left out), then `ModelCallRecorded`, unless that call is
 * already recorded (a retried step appends nothing), then what the provider did to the context on
 * its side (`providerContextEvents`). The call's `messageIds` are those of the
 * response messages after the ones the generation's earlier calls carried, whether this command
 * records them or they were already recorded.
 *
 * Throws `GenerationConflict` when a response message differs from the one recorded at its index
 * (a generation id reused by another `generateText` call), `ModelCallConflict` when the `callId`
 * is recorded with other facts, and the message rules' errors otherwise. Pure.
 */
export function decideModelCall(
  command: RecordModelCall,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  const { sessionId, responseMessages, call } = command;
  const accepted = selectGenerationMessages(command, state);
  const carriedBefore = state.generationResponseCounts.get(call.generationId) ?? 0;
  const data: ModelCallRecordedEvent['data'] = {
    sessionId,
    ...call,
    responseMessageCount: responseMessages.length,
    messageIds: responseMessages
      .slice(carriedBefore)
      .flat()
      .map((message) => message.id),
    recordedAt: context.now,
  };
  const events: SessionEvent[] = accepted.map(messageRecorded);
  const recorded = state.modelCalls.get(call.callId);
  if (recorded === undefined) {
    events.push({ type: 'ModelCallRecorded', data });
  }
  events.push(
    ...providerContextEvents(command, accepted, state, recorded === undefined, context.now),
  );
  if (recorded !== undefined && recorded !== modelCallFingerprint(data)) {
    throw new SessionRuleError(
      'ModelCallConflict',
      `Model call "${call.callId}" is already recorded in session "${sessionId}" with other facts (step number, response id, usage, finish reason, model or number of response messages). A re-sent step must be sent unchanged; another step of the generation needs its own stepNumber (or responseId).`,
      { field: 'callId' },
    );
  }
  return startingSession(sessionId, events, state, context, command.subjectId);
}

function selectGenerationMessages(command: RecordModelCall, state: SessionState): RuntimeMessage[] {
  const { sessionId, responseMessages, call } = command;
  try {
    return selectNewMessages(sessionId, responseMessages.flat(), state);
  } catch (error) {
    if (!(error instanceof SessionRuleError)) throw error;
    const location = {
      ...(error.messageId !== undefined ? { messageId: error.messageId } : {}),
      ...(error.field !== undefined ? { field: error.field } : {}),
    };
    if (error.code === 'DuplicateMessageId') {
      const index = responseMessages.findIndex((messages) =>
        messages.some((message) => message.id === error.messageId),
      );
      throw new SessionRuleError(
        'GenerationConflict',
        `Response message ${index} of generation "${call.generationId}" (runtime message "${location.messageId ?? ''}") differs from the one already recorded at that index. A generation is one generateText call: its steps re-send the same response messages at the same indexes. Send a new generationId for every generateText call, and the same one for all of its steps.`,
        location,
      );
    }
    if (RESENT_UNDER_NEW_ID.has(error.code)) {
      throw new SessionRuleError(
        error.code,
        `${error.message} ${idTakenHint(command, state)}`,
        location,
      );
    }
    throw error;
  }
}

/**
 * What to do about a call, result or approval id an earlier message of the session holds. A later
 * step (`stepNumber` > 0) of a generation the session does not know re-sends its earlier steps'
 * messages (the AI SDK accumulates them), so those steps were recorded under another generation
 * id. Otherwise the id itself was reused by a new `generateText` call: typically a script run
 * again against the same session.
 */
function idTakenHint(command: RecordModelCall, state: SessionState): string {
  const { sessionId, call } = command;
  const resentUnderNewGenerationId =
    (call.stepNumber ?? 0) > 0 && !state.generationResponseCounts.has(call.generationId);
  if (resentUnderNewGenerationId) {
    return `Step ${call.stepNumber} of generation "${call.generationId}" re-sends the response messages of its earlier steps (onStepFinish's step.response.messages holds every message of the generation so far), which were recorded under another generationId: send the same generationId with every step of one generateText call.`;
  }
  return `An earlier model call of this session used the id: a script run again against the same session sends the same ids. Record each run in a session of its own, or rewind this one first (POST /v1/sessions/${encodeURIComponent(sessionId)}/rewinds, or \`npx agent-ledger rewind ${shellWord(sessionId)} --to-revision <r>\`).`;
}

/** A word the shell reads back as `text`: as it is when plain, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w.:@/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
