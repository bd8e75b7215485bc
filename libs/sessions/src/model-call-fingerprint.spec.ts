import { modelCallFingerprint } from './model-call-fingerprint';

const data = {
  sessionId: 's1',
  callId: 'g1:step-0',
  generationId: 'g1',
  stepNumber: 0,
  usage: { inputTokens: 100, outputTokens: 20 },
  responseMessageCount: 2,
  messageIds: ['g1:0', 'g1:1'],
  recordedAt: '2026-04-08T10:00:00.000Z',
};

describe('modelCallFingerprint', () => {
  it('ignores recordedAt, messageIds and key order: a re-sent step is the same call', () => {
    expect(
      modelCallFingerprint({
        recordedAt: '2026-04-08T11:00:00.000Z',
        messageIds: [],
        usage: { outputTokens: 20, inputTokens: 100 },
        responseMessageCount: 2,
        stepNumber: 0,
        generationId: 'g1',
        callId: 'g1:step-0',
        sessionId: 's1',
      }),
    ).toEqual(modelCallFingerprint(data));
  });

  it('changes with any fact the call states', () => {
    const fingerprints = [
      data,
      { ...data, usage: { inputTokens: 101, outputTokens: 20 } },
      { ...data, responseMessageCount: 3 },
      { ...data, finishReason: 'stop' },
      { ...data, stepNumber: 1 },
    ].map(modelCallFingerprint);
    expect(new Set(fingerprints).size).toEqual(fingerprints.length);
  });
});
