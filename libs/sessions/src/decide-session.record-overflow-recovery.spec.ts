import { decideGiven, NOW, ruleBrokenGiven, seedExampleEvents } from './testing/decider-fixtures';
import type { RecordOverflowRecovery } from './session-command';

const recovery: RecordOverflowRecovery = {
  type: 'RecordOverflowRecovery',
  sessionId: 's1',
  recoveryId: 'r1',
  provider: 'anthropic.messages',
  attempts: [
    { errorCode: 'prompt_too_long', limitTokens: 200000, shrink: 'budget', maxInputTokens: 160000 },
  ],
};

describe('RecordOverflowRecovery', () => {
  it('given a session, when a recovery is recorded, then ContextOverflowRecovered holds it', () => {
    const [event, ...rest] = decideGiven(seedExampleEvents, recovery);
    expect(rest).toEqual([]);
    expect(event).toEqual({
      type: 'ContextOverflowRecovered',
      data: {
        sessionId: 's1',
        recoveryId: 'r1',
        provider: 'anthropic.messages',
        attempts: recovery.attempts,
        recordedAt: NOW,
      },
    });
  });

  it('given no session, when a recovery is recorded, then SessionNotFound', () => {
    expect(ruleBrokenGiven([], recovery)).toMatchObject({ code: 'SessionNotFound' });
  });
});
