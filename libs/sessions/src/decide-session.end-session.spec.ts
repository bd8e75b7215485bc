import type { SessionEvent } from '@agent-ledger/events';
import { decideGiven, ruleBrokenGiven, seedExampleEvents } from './testing/decider-fixtures';

const ended: SessionEvent = {
  type: 'SessionEnded',
  data: { sessionId: 's1', endedAt: '2026-04-08T10:00:00.000Z', reason: 'done' },
};

describe('EndSession', () => {
  it('given a session, when it is ended, then SessionEnded is recorded', () => {
    expect(
      decideGiven(seedExampleEvents, { type: 'EndSession', sessionId: 's1', reason: 'done' }),
    ).toEqual([ended]);
  });

  it('given an ended session, when it is ended again, then nothing is recorded (a retry)', () => {
    expect(
      decideGiven([...seedExampleEvents, ended], { type: 'EndSession', sessionId: 's1' }),
    ).toEqual([]);
  });

  it('given an ended session, when a tool result is pruned, then SessionAlreadyEnded', () => {
    expect(
      ruleBrokenGiven([...seedExampleEvents, ended], {
        type: 'PruneToolResults',
        sessionId: 's1',
        messageIds: ['m4'],
      }),
    ).toEqual({
      code: 'SessionAlreadyEnded',
      message: 'Session "s1" has ended; nothing more can be recorded in it. Start a new session.',
    });
  });

  it('given no session, when it is ended, then SessionNotFound', () => {
    expect(ruleBrokenGiven([], { type: 'EndSession', sessionId: 's1' })).toEqual({
      code: 'SessionNotFound',
      message:
        'Session "s1" does not exist, so there is nothing to end. A session starts with its first appended messages.',
    });
  });
});
