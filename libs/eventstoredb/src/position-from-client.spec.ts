import { EventStoreDbAdapterError } from './eventstoredb-adapter-error';
import { positionFromClient } from './position-from-client';

describe('positionFromClient', () => {
  it('is the commit position', () => {
    expect(positionFromClient({ commit: 4096n, prepare: 4096n }, 'an event')).toBe(4096);
  });

  it.each([
    ['missing', undefined],
    [
      "the 'unknown' value older servers send on stream reads",
      { commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n },
    ],
    ['past 2^53', { commit: 2n ** 53n, prepare: 2n ** 53n }],
  ])('is refused when %s', (_, position) => {
    expect(() => positionFromClient(position, 'event 1 of "order-1"')).toThrow(
      EventStoreDbAdapterError,
    );
  });
});
