import type { HandoffSession } from './session-command';
import { decideGiven, ruleBrokenGiven, seedExampleEvents } from './testing/decider-fixtures';

const handoff: HandoffSession = {
  type: 'HandoffSession',
  sessionId: 's1',
  fromAgent: 'build',
  toAgent: 'review',
  summary: 'Fixed the token check in src/auth.ts; please review the diff.',
  reason: 'review requested',
  runId: 'run-7',
  summaryMessageId: 'h1-summary',
  switchNoteMessageId: 'h1-switch',
};

describe('HandoffSession', () => {
  it('given a session, when build hands off to review, then the summary and the switch note are recorded together', () => {
    expect(decideGiven(seedExampleEvents, handoff)).toEqual([
      {
        type: 'HandoffSummaryRecorded',
        data: {
          id: 'h1-summary',
          sessionId: 's1',
          runId: 'run-7',
          kind: 'handoff_summary',
          role: 'user',
          createdAt: '2026-04-08T10:00:00.000Z',
          content: 'Fixed the token check in src/auth.ts; please review the diff.',
          metadata: { agentName: 'build', source: 'runtime' },
        },
      },
      {
        type: 'AgentSwitchNoteRecorded',
        data: {
          id: 'h1-switch',
          sessionId: 's1',
          runId: 'run-7',
          kind: 'agent_switch_note',
          role: 'system',
          createdAt: '2026-04-08T10:00:00.000Z',
          content: {
            type: 'agent-switch',
            fromAgent: 'build',
            toAgent: 'review',
            reason: 'review requested',
          },
          metadata: { agentName: 'review', source: 'runtime' },
        },
      },
    ]);
  });

  it('given the hand-off recorded, when it is sent again later, then nothing is recorded (a retry)', () => {
    const recorded = decideGiven(seedExampleEvents, handoff);
    expect(decideGiven([...seedExampleEvents, ...recorded], handoff)).toEqual([]);
  });

  it('given the hand-off recorded, when its ids are reused for another summary, then DuplicateMessageId', () => {
    const recorded = decideGiven(seedExampleEvents, handoff);
    expect(
      ruleBrokenGiven([...seedExampleEvents, ...recorded], {
        ...handoff,
        summary: 'Another text.',
      }),
    ).toEqual({
      code: 'DuplicateMessageId',
      message:
        'Message "h1-summary" (handoff_summary): id "h1-summary" is already recorded in session "s1" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.',
      messageId: 'h1-summary',
      field: 'id',
    });
  });

  it('given no session, when a hand-off comes, then SessionNotFound', () => {
    expect(ruleBrokenGiven([], handoff)).toEqual({
      code: 'SessionNotFound',
      message:
        'Session "s1" does not exist, so there is nothing to hand off. A session starts with its first appended messages.',
    });
  });
});
