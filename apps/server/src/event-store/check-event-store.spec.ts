import { checkEventStore } from './check-event-store';

describe('checkEventStore', () => {
  it('is ok with the head position when the store answers', async () => {
    const store = { headPosition: () => Promise.resolve(42) };
    expect(await checkEventStore(store, 'eventstoredb', 1000)).toEqual({
      status: 'ok',
      store: { kind: 'eventstoredb', headPosition: 42 },
    });
  });

  it('is ok with a null head for an empty store', async () => {
    const store = { headPosition: () => Promise.resolve(null) };
    expect(await checkEventStore(store, 'sqlite', 1000)).toEqual({
      status: 'ok',
      store: { kind: 'sqlite', headPosition: null },
    });
  });

  it('is unavailable, with the reason, when the store fails', async () => {
    const store = {
      headPosition: () => Promise.reject(new Error('14 UNAVAILABLE: No connection established')),
    };
    expect(await checkEventStore(store, 'eventstoredb', 1000)).toEqual({
      status: 'unavailable',
      store: { kind: 'eventstoredb' },
      reason: '14 UNAVAILABLE: No connection established',
    });
  });

  it('is unavailable when the store does not answer in time, and a late failure is swallowed', async () => {
    let fail: (error: Error) => void = () => undefined;
    const store = {
      headPosition: () => new Promise<number | null>((_resolve, reject) => (fail = reject)),
    };
    expect(await checkEventStore(store, 'eventstoredb', 5)).toEqual({
      status: 'unavailable',
      store: { kind: 'eventstoredb' },
      reason: 'no answer within 5 ms',
    });
    fail(new Error('deadline exceeded'));
  });
});
