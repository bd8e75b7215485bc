import { RUNTIME_MESSAGE_KINDS, type RuntimeMessageKind } from '@agent-ledger/messages';
import { seedExampleMessages } from '@agent-ledger/testing';
import { eventTypeOfKind } from './event-type-of-kind';
import { isMessageEventType } from './is-message-event-type';
import { SESSION_EVENT_TYPES, isSessionEventType } from './is-session-event-type';
import { kindOfEventType } from './kind-of-event-type';
import { messageRecorded } from './message-recorded';

describe('messageRecorded', () => {
  it('records each seed message under the event type of its kind', () => {
    expect(seedExampleMessages().map((message) => messageRecorded(message).type)).toEqual([
      'SystemNoteRecorded',
      'UserInputRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'AssistantTextRecorded',
    ]);
  });

  it('keeps the message itself as the data', () => {
    const [m1] = seedExampleMessages();
    expect(messageRecorded(m1!)).toEqual({ type: 'SystemNoteRecorded', data: m1 });
  });
});

describe('event types and kinds', () => {
  it('map both ways for all 13 kinds', () => {
    const roundTrip = RUNTIME_MESSAGE_KINDS.map((kind) => kindOfEventType(eventTypeOfKind(kind)));
    expect(roundTrip).toEqual(RUNTIME_MESSAGE_KINDS);
    expect(eventTypeOfKind('tool_approval_request')).toBe('ToolApprovalRequested');
  });

  it('give no kind for events that record no message', () => {
    const kinds: Array<RuntimeMessageKind | undefined> = [
      'SessionStarted',
      'ToolResultsPruned',
      'Nope',
    ].map(kindOfEventType);
    expect(kinds).toEqual([undefined, undefined, undefined]);
  });

  it('know the 22 session event types and no others', () => {
    expect(SESSION_EVENT_TYPES).toHaveLength(22);
    expect(SESSION_EVENT_TYPES.every(isSessionEventType)).toBe(true);
    expect(
      [
        'ToolResultsPruned',
        'UserInputRecorded',
        'ModelCallRecorded',
        'toolResultsPruned',
        '',
        'constructor',
      ].map(isSessionEventType),
    ).toEqual([true, true, true, false, false, false]);
    expect(
      ['UserInputRecorded', 'SessionStarted', 'ModelCallRecorded'].map(isMessageEventType),
    ).toEqual([true, false, false]);
  });
});
