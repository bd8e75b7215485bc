import type { StoredEvent } from '@agent-ledger/client';
import { modelCallOfEntry, sessionTimeline, timelineFromSearch } from './session-timeline';

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
      event(5, 'CompactSummaryRecorded', {
        id: 's1',
        kind: 'compact_summary',
        metadata: { summaryForBoundaryId: 'b1' },
      }),
      event(6, 'AgentSwitchNoteRecorded', {
        id: 'h:switch',
        kind: 'agent_switch_note',
        content: { fromAgent: 'build', toAgent: 'review' },
      }),
      event(7, 'SomethingNewer', {}),
    ]);
    expect(timeline.points).toEqual([
      { revision: 1, kind: 'turn', label: 'Turn 1: Fix the login' },
      {
        revision: 2,
        kind: 'model-call',
        label: 'Model call 1 (anthropic.messages claude)',
        callNumber: 1,
      },
      { revision: 2, kind: 'before-pruning', label: 'Just before the pruning of 2 tool results' },
      { revision: 3, kind: 'after-pruning', label: 'Just after the pruning of 2 tool results' },
      { revision: 3, kind: 'before-compaction', label: 'Just before the compaction b1' },
      // After the summary, not at the boundary alone: no model saw a boundary without its summary.
      { revision: 5, kind: 'after-compaction', label: 'Just after the compaction b1' },
      { revision: 6, kind: 'handoff', label: 'Hand-off build → review' },
    ]);
    expect([...timeline.messageRevisions]).toEqual([
      ['m1', 1],
      ['b1', 4],
      ['s1', 5],
      ['h:switch', 6],
    ]);
    expect(timeline.lastRevision).toBe(7);
  });

  test('a model call keeps its tokens, model, context revision and messages', () => {
    const timeline = sessionTimeline([
      event(3, 'ModelCallRecorded', {
        callId: 'g:step-0',
        agentName: 'build',
        provider: 'anthropic.messages',
        modelId: 'claude',
        finishReason: 'tool-calls',
        contextRevision: 2,
        messageIds: ['g:0.0', 'g:0.1'],
        usage: {
          inputTokens: 1800,
          outputTokens: 64,
          inputTokenDetails: { cacheReadTokens: 1200 },
          reasoningTokens: 10,
        },
        recordedAt: '2026-04-08T09:00:03.000Z',
      }),
      event(4, 'ModelCallRecorded', { callId: 'g:step-1' }),
    ]);
    expect(timeline.calls).toEqual([
      {
        number: 1,
        callId: 'g:step-0',
        revision: 3,
        contextRevision: 2,
        agentName: 'build',
        provider: 'anthropic.messages',
        modelId: 'claude',
        finishReason: 'tool-calls',
        inputTokens: 1800,
        outputTokens: 64,
        cachedInputTokens: 1200,
        reasoningTokens: 10,
        messageIds: ['g:0.0', 'g:0.1'],
        recordedAt: '2026-04-08T09:00:03.000Z',
      },
      { number: 2, callId: 'g:step-1', revision: 4, messageIds: [] },
    ]);
  });
});

describe('timelineFromSearch', () => {
  test('hits and the recorded model calls (GET …/model-calls) in revision order, each call with its latency and cost', () => {
    const calls = [
      modelCallOfEntry({
        number: 1,
        revision: 4,
        callId: 'g:step-0',
        generationId: 'g',
        modelId: 'claude-sonnet-4-5',
        usage: {
          inputTokens: 900,
          outputTokens: 40,
          inputTokenDetails: { cacheReadTokens: 800, cacheWriteTokens: 100 },
        },
        contextTokens: { input: 880, method: 'calibrated' },
        latencyMs: 1840,
        cost: { amount: 0.0042, currency: 'USD', source: 'provider' },
        responseMessageCount: 1,
        messageIds: ['g:0'],
        recordedAt: '2026-04-08T09:00:00.000Z',
      }),
      modelCallOfEntry({
        number: 2,
        revision: 14,
        callId: 'h:step-0',
        generationId: 'h',
        responseMessageCount: 0,
        messageIds: [],
        recordedAt: '2026-04-08T09:01:00.000Z',
      }),
    ];
    expect(calls[0]).toEqual({
      number: 1,
      callId: 'g:step-0',
      revision: 4,
      modelId: 'claude-sonnet-4-5',
      inputTokens: 900,
      outputTokens: 40,
      cachedInputTokens: 800,
      cacheWriteTokens: 100,
      estimatedInputTokens: 880,
      latencyMs: 1840,
      cost: { amount: 0.0042, currency: 'USD' },
      messageIds: ['g:0'],
      recordedAt: '2026-04-08T09:00:00.000Z',
    });
    const timeline = timelineFromSearch(
      [
        { messageId: 'm8', kind: 'user_input', revision: 12, snippet: 'Go «ahead»' },
        { messageId: 'b1', kind: 'compact_boundary', revision: 10, snippet: '' },
        { messageId: 's1', kind: 'compact_summary', revision: 11, snippet: 'The user asked' },
        { messageId: 'm2', kind: 'user_input', revision: 2, snippet: 'Why does login fail?' },
      ],
      calls,
      22,
    );
    expect(timeline.points).toEqual([
      { revision: 2, kind: 'turn', label: 'Turn 1: Why does login fail?' },
      {
        revision: 4,
        kind: 'model-call',
        label: 'Model call 1 (claude-sonnet-4-5)',
        callNumber: 1,
      },
      { revision: 9, kind: 'before-compaction', label: 'Just before the compaction b1' },
      { revision: 11, kind: 'after-compaction', label: 'Just after the compaction b1' },
      { revision: 12, kind: 'turn', label: 'Turn 2: Go ahead' },
      { revision: 14, kind: 'model-call', label: 'Model call 2', callNumber: 2 },
    ]);
    expect(timeline.calls).toEqual(calls);
    expect(timeline.messageRevisions.get('m8')).toBe(12);
    expect(timeline.lastRevision).toBe(22);
  });
});
