import type { SessionEvent } from '@agent-ledger/events';
import { evolveSession } from './evolve-session';
import { initialSessionState } from './initial-session-state';
import { messageFingerprint } from './message-fingerprint';
import { modelCallFingerprint } from './model-call-fingerprint';
import { m1, m2, m3, m4, m5, seedExampleEvents } from './testing/decider-fixtures';

describe('evolveSession', () => {
  it('folds the seed example into ids and counters, not messages', () => {
    expect(seedExampleEvents.reduce(evolveSession, initialSessionState())).toEqual({
      status: 'active',
      messageFingerprints: new Map([
        ['m1', messageFingerprint(m1)],
        ['m2', messageFingerprint(m2)],
        ['m3', messageFingerprint(m3)],
        ['m4', messageFingerprint(m4)],
        ['m5', messageFingerprint(m5)],
      ]),
      toolCallIds: new Set(['call_1']),
      answeredToolCallIds: new Set(['call_1']),
      approvalIds: new Set(),
      answeredApprovalIds: new Set(),
      boundaryIds: new Set(),
      summarizedBoundaryIds: new Set(),
      toolResults: new Map([['m4', { length: 45, userTurn: 1, pruned: false }]]),
      userTurns: 1,
      modelCalls: new Map(),
      generationResponseCounts: new Map(),
    });
  });

  it('marks pruned tool results and ignores ids it does not know', () => {
    const pruned: SessionEvent = {
      type: 'ToolResultsPruned',
      data: {
        sessionId: 's1',
        messageIds: ['m4', 'm404'],
        compactedAt: '2026-04-08T10:00:00.000Z',
        reason: 'manual',
      },
    };
    const state = [...seedExampleEvents, pruned].reduce(evolveSession, initialSessionState());
    expect([...state.toolResults]).toEqual([['m4', { length: 45, userTurn: 1, pruned: true }]]);
  });

  it('records the end of the session', () => {
    const ended: SessionEvent = {
      type: 'SessionEnded',
      data: { sessionId: 's1', endedAt: '2026-04-08T10:00:00.000Z' },
    };
    expect(
      [...seedExampleEvents, ended].reduce(evolveSession, initialSessionState()).status,
    ).toEqual('ended');
  });

  it('records boundaries, their summaries and approvals', () => {
    const events: SessionEvent[] = [
      {
        type: 'CompactBoundaryRecorded',
        data: {
          id: 'b1',
          sessionId: 's1',
          kind: 'compact_boundary',
          role: 'system',
          createdAt: '2026-04-08T09:10:00.000Z',
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
      },
      {
        type: 'CompactSummaryRecorded',
        data: {
          id: 'sum1',
          sessionId: 's1',
          kind: 'compact_summary',
          role: 'user',
          createdAt: '2026-04-08T09:10:00.000Z',
          content: 'Summary.',
          metadata: { summaryForBoundaryId: 'b1' },
        },
      },
      {
        type: 'ToolApprovalRequested',
        data: {
          id: 'a1',
          sessionId: 's1',
          kind: 'tool_approval_request',
          role: 'assistant',
          createdAt: '2026-04-08T09:10:00.000Z',
          content: [{ type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'call_1' }],
        },
      },
      {
        type: 'ToolApprovalResponded',
        data: {
          id: 'a2',
          sessionId: 's1',
          kind: 'tool_approval_response',
          role: 'tool',
          createdAt: '2026-04-08T09:10:00.000Z',
          content: [{ type: 'tool-approval-response', approvalId: 'ap1', approved: false }],
        },
      },
    ];
    const state = events.reduce(evolveSession, initialSessionState());
    expect({
      status: state.status,
      boundaryIds: state.boundaryIds,
      summarizedBoundaryIds: state.summarizedBoundaryIds,
      approvalIds: state.approvalIds,
      answeredApprovalIds: state.answeredApprovalIds,
    }).toEqual({
      status: 'active',
      boundaryIds: new Set(['b1']),
      summarizedBoundaryIds: new Set(['b1']),
      approvalIds: new Set(['ap1']),
      answeredApprovalIds: new Set(['ap1']),
    });
  });

  it('remembers each model call by callId and how many response messages each generation carried', () => {
    const callOf = (callId: string, generationId: string, responseMessageCount: number) => ({
      type: 'ModelCallRecorded' as const,
      data: {
        sessionId: 's1',
        callId,
        generationId,
        responseMessageCount,
        messageIds: [],
        recordedAt: '2026-04-08T10:00:00.000Z',
      },
    });
    const state = [
      callOf('g1:step-1', 'g1', 3),
      callOf('g1:step-0', 'g1', 2),
      callOf('g2:step-0', 'g2', 1),
    ].reduce(evolveSession, initialSessionState());
    expect({
      status: state.status,
      calls: [...state.modelCalls.keys()],
      generationResponseCounts: state.generationResponseCounts,
    }).toEqual({
      status: 'active',
      calls: ['g1:step-1', 'g1:step-0', 'g2:step-0'],
      generationResponseCounts: new Map([
        ['g1', 3],
        ['g2', 1],
      ]),
    });
    expect(state.modelCalls.get('g1:step-0')).toEqual(
      modelCallFingerprint(callOf('g1:step-0', 'g1', 2).data),
    );
  });
});
