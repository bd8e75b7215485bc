import { handleSessionEvent } from './handle-session-event';
import type { SessionEvent } from './session-event';
import type { SessionEventHandlers } from './session-event-handlers';

const NAME_OF: SessionEventHandlers<[prefix: string], string> = {
  SessionStarted: (event, prefix) => `${prefix}started ${event.data.sessionId}`,
  SessionEnded: (event, prefix) => `${prefix}ended ${event.data.reason ?? ''}`,
  SessionRewound: (event, prefix) => `${prefix}rewound to ${event.data.toRevision}`,
  ToolResultsPruned: (event, prefix) => `${prefix}pruned ${event.data.messageIds.join(',')}`,
  ModelCallRecorded: (event, prefix) => `${prefix}call ${event.data.callId}`,
  ContextOverflowRecovered: (event, prefix) => `${prefix}overflow ${event.data.recoveryId}`,
  ProviderCompactionRecorded: (event, prefix) =>
    `${prefix}provider compaction ${event.data.compactionId}`,
  ProviderContextEdited: (event, prefix) => `${prefix}provider edits ${event.data.callId}`,
  ClaudeCodeEntriesRecorded: (event, prefix) =>
    `${prefix}claude-code entries ${event.data.entries.length}`,
  MessageRecorded: (event, prefix) => `${prefix}${event.data.kind} ${event.data.id}`,
};

const events: SessionEvent[] = [
  { type: 'SessionStarted', data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z' } },
  {
    type: 'UserInputRecorded',
    data: {
      id: 'm1',
      sessionId: 's1',
      kind: 'user_input',
      role: 'user',
      createdAt: '2026-04-08T09:00:01Z',
      content: 'Hello',
    },
  },
  {
    type: 'ToolResultsPruned',
    data: {
      sessionId: 's1',
      messageIds: ['m2', 'm3'],
      compactedAt: '2026-04-08T09:00:02Z',
      reason: 'long',
    },
  },
  {
    type: 'SessionEnded',
    data: { sessionId: 's1', endedAt: '2026-04-08T09:00:03Z', reason: 'done' },
  },
];

describe('handleSessionEvent', () => {
  it('calls the handler of each event type, and MessageRecorded for a message event, with the arguments given', () => {
    expect(events.map((event) => handleSessionEvent(NAME_OF, event, '> '))).toEqual([
      '> started s1',
      '> user_input m1',
      '> pruned m2,m3',
      '> ended done',
    ]);
  });

  it('hands an event of an unknown type to unknownType, or throws when the map has none', () => {
    const newer = { type: 'SessionRenamed', data: {} } as unknown as SessionEvent;
    const withUnknown = { ...NAME_OF, unknownType: (type: string) => `skipped ${type}` };
    expect(handleSessionEvent(withUnknown, newer, '')).toBe('skipped SessionRenamed');
    expect(() => handleSessionEvent(NAME_OF, newer, '')).toThrow(
      'Session event type "SessionRenamed" is unknown to this version.',
    );
  });
});
