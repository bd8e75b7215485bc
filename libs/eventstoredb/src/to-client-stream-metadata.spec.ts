import { toClientStreamMetadata } from './to-client-stream-metadata';

describe('toClientStreamMetadata', () => {
  it('puts custom metadata beside the rules, the rules winning a clash', () => {
    expect(
      toClientStreamMetadata({
        maxCount: 3,
        truncateBefore: 1,
        customMetadata: { owner: 'agent-1', maxCount: 99 },
      }),
    ).toEqual({ owner: 'agent-1', maxCount: 3, truncateBefore: 1 });
  });

  it('writes nothing for rules that are not set', () => {
    expect(toClientStreamMetadata({})).toEqual({});
  });
});
