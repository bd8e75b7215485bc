import { messageRecorded, type SessionEvent, type SessionLogEvent } from '@agent-ledger/events';
import { seedExampleMessages } from '@agent-ledger/testing';
import { evolveSessionSummary, foldIntoSessionSummary } from './evolve-session-summary';
import type { SessionSummary } from './session-summary';

const logged = (event: SessionEvent, revision: number): SessionLogEvent => ({
  event,
  sessionId: 's1',
  streamName: 'session-s1',
  revision,
  position: 100 + revision,
  id: `e${revision}`,
  recordedAt: `2026-04-08T09:00:0${revision}.000Z`,
  metadata: { schemaVersion: 1 },
});

const fold = (events: SessionEvent[]): SessionSummary | undefined =>
  events.map(logged).reduce<SessionSummary | undefined>(evolveSessionSummary, undefined);

describe('evolveSessionSummary', () => {
  it('summarizes the seed example: counts per kind, activity, revision and position', () => {
    expect(
      fold([
        {
          type: 'SessionStarted',
          data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z', agentName: 'main' },
        },
        ...seedExampleMessages().map(messageRecorded),
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['m4'],
            compactedAt: '2026-04-08T10:00:00Z',
            reason: 'old',
          },
        },
      ]),
    ).toEqual({
      sessionId: 's1',
      agents: ['main'],
      firstActivityAt: '2026-04-08T09:00:00.000Z',
      lastActivityAt: '2026-04-08T09:00:06.000Z',
      messageCounts: {
        system_note: 1,
        user_input: 1,
        tool_call: 1,
        tool_result: 1,
        assistant_text: 1,
      },
      messageCount: 5,
      compacted: false,
      compactionCount: 0,
      pruningCount: 1,
      ended: false,
      revision: 6,
      position: 106,
    });
  });

  it('records compactions, agents of messages and switches (once each, in order), and the end', () => {
    const summary = fold([
      messageRecorded({
        id: 'b1',
        sessionId: 's1',
        kind: 'compact_boundary',
        role: 'system',
        createdAt: '2026-04-08T09:00:00Z',
        metadata: { agentName: 'build' },
        content: { type: 'compact-boundary', trigger: 'auto' },
      }),
      messageRecorded({
        id: 'n1',
        sessionId: 's1',
        kind: 'agent_switch_note',
        role: 'system',
        createdAt: '2026-04-08T09:00:01Z',
        metadata: { agentName: 'build', effectiveAgentName: 'build' },
        content: { type: 'agent-switch', fromAgent: 'build', toAgent: 'review' },
      }),
      { type: 'SessionEnded', data: { sessionId: 's1', endedAt: '2026-04-08T09:00:02Z' } },
    ]);
    expect(summary).toMatchObject({
      agents: ['build', 'review'],
      compacted: true,
      compactionCount: 1,
      lastCompactBoundaryId: 'b1',
      messageCounts: { compact_boundary: 1, agent_switch_note: 1 },
      ended: true,
      revision: 2,
    });
  });

  it('counts model calls and adds up their input and output tokens (a call without usage adds none)', () => {
    const call = (callId: string, usage?: { inputTokens?: number; outputTokens?: number }) => ({
      type: 'ModelCallRecorded' as const,
      data: {
        sessionId: 's1',
        callId,
        generationId: 'g1',
        responseMessageCount: 1,
        messageIds: [],
        recordedAt: '2026-04-08T09:00:00.000Z',
        ...(usage === undefined ? {} : { usage }),
      },
    });
    const before = fold([seedExampleMessages().map(messageRecorded)[0]!]);
    expect(before).not.toHaveProperty('modelCalls');
    expect(
      fold([
        call('g1:step-0', { inputTokens: 1200, outputTokens: 80 }),
        call('g1:step-1', { inputTokens: 1300 }),
        call('g1:step-2'),
      ]),
    ).toMatchObject({ modelCalls: 3, inputTokens: 2500, outputTokens: 80, messageCount: 0 });
  });

  it('never changes the summary it is given, and folding in place gives the same JSON', () => {
    const events = [
      {
        type: 'SessionStarted' as const,
        data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z', agentName: 'main' },
      },
      ...seedExampleMessages().map(messageRecorded),
      messageRecorded({
        id: 'n1',
        sessionId: 's1',
        kind: 'agent_switch_note',
        role: 'system',
        createdAt: '2026-04-08T09:00:01Z',
        metadata: { agentName: 'main' },
        content: { type: 'agent-switch', fromAgent: 'main', toAgent: 'review' },
      }),
      messageRecorded({
        id: 'b1',
        sessionId: 's1',
        kind: 'compact_boundary',
        role: 'system',
        createdAt: '2026-04-08T09:00:02Z',
        content: { type: 'compact-boundary', trigger: 'auto' },
      }),
    ].map(logged);
    const first = evolveSessionSummary(undefined, events[0]!);
    const firstJson = JSON.stringify(first);
    const evolved = events.slice(1).reduce(evolveSessionSummary, first);
    // Every step copied what it changed: the first summary is as it was.
    expect(JSON.stringify(first)).toBe(firstJson);
    const owned = evolveSessionSummary(undefined, events[0]!);
    for (const event of events.slice(1)) foldIntoSessionSummary(owned, event);
    expect(JSON.stringify(owned)).toBe(JSON.stringify(evolved));
    expect(owned.agents).toEqual(['main', 'review']);
  });
});
