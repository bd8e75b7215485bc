import type { StoredEvent } from '@agent-ledger/client';
import { sessionTimeline, timelineFromSearch } from './session-timeline';

const event = (revision: number, type: string, data: object): StoredEvent => ({
  revision,
  position: revision + 1,
  id: `e${revision}`,
  type,
  data,
  metadata: {},
  createdAt: '2026-04-08T09:00:00.000Z',
});

describe('sessionTimeline', () => {
  test('turns, model calls, compactions, prunings and hand-offs are stops at their revisions', () => {
    const timeline = sessionTimeline([
      event(0, 'SessionStarted', { sessionId: 's1' }),
      event(1, 'UserInputRecorded', { id: 'm1', kind: 'user_input', content: 'Fix the login' }),
      event(2, 'ModelCallRecorded', {
        callId: 'g:step-0',
        provider: 'anthropic.messages',
        modelId: 'claude',
      }),
      event(3, 'ToolResultsPruned', { messageIds: ['m4', 'm5'] }),
      event(4, 'CompactBoundaryRecorded', { id: 'b1', kind: 'compact_boundary' }),
      event(5, 'AgentSwitchNoteRecorded', {
        id: 'h:switch',
        kind: 'agent_switch_note',
        content: { fromAgent: 'build', toAgent: 'review' },
      }),
      event(6, 'SomethingNewer', {}),
    ]);
    expect(timeline.points).toEqual([
      { revision: 1, kind: 'turn', label: 'Turn 1: Fix the login' },
      {
        revision: 2,
        kind: 'model-call',
        label: 'Model call 1 (anthropic.messages claude)',
        callNumber: 1,
      },
      { revision: 3, kind: 'pruning', label: 'Pruning of 2 tool results' },
      { revision: 4, kind: 'compaction', label: 'Compaction b1' },
      { revision: 5, kind: 'handoff', label: 'Hand-off build → review' },
    ]);
    expect([...timeline.messageRevisions]).toEqual([
      ['m1', 1],
      ['b1', 4],
      ['h:switch', 5],
    ]);
    expect(timeline.lastRevision).toBe(6);
  });
});

describe('timelineFromSearch', () => {
  test('hits in revision order, model calls by number only', () => {
    const timeline = timelineFromSearch(
      [
        { messageId: 'm8', kind: 'user_input', revision: 12, snippet: 'Go «ahead»' },
        { messageId: 'b1', kind: 'compact_boundary', revision: 10, snippet: '' },
        { messageId: 'm2', kind: 'user_input', revision: 2, snippet: 'Why does login fail?' },
      ],
      2,
      22,
    );
    expect(timeline.points).toEqual([
      { revision: 2, kind: 'turn', label: 'Turn 1: Why does login fail?' },
      { revision: 10, kind: 'compaction', label: 'Compaction b1' },
      { revision: 12, kind: 'turn', label: 'Turn 2: Go ahead' },
      { revision: -1, kind: 'model-call', label: 'Model call 1', callNumber: 1 },
      { revision: -1, kind: 'model-call', label: 'Model call 2', callNumber: 2 },
    ]);
    expect(timeline.messageRevisions.get('m8')).toBe(12);
    expect(timeline.lastRevision).toBe(22);
  });
});
