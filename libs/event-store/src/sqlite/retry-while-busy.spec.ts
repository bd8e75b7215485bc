import { retryWhileBusy } from './retry-while-busy';

function sqliteError(code: string): Error {
  return Object.assign(new Error(`database is locked (${code})`), { code });
}

describe('retryWhileBusy', () => {
  it('retries an operation that meets SQLITE_BUSY until it succeeds', () => {
    let calls = 0;
    const result = retryWhileBusy(() => {
      calls += 1;
      if (calls < 3) throw sqliteError(calls === 1 ? 'SQLITE_BUSY' : 'SQLITE_BUSY_RECOVERY');
      return 'opened';
    }, 5_000);
    expect({ result, calls }).toEqual({ result: 'opened', calls: 3 });
  });

  it('does not retry any other error', () => {
    let calls = 0;
    expect(() =>
      retryWhileBusy(() => {
        calls += 1;
        throw sqliteError('SQLITE_CORRUPT');
      }, 5_000),
    ).toThrow('SQLITE_CORRUPT');
    expect(calls).toBe(1);
  });

  it('gives up with the last SQLITE_BUSY once the timeout has passed', () => {
    let calls = 0;
    expect(() =>
      retryWhileBusy(() => {
        calls += 1;
        throw sqliteError('SQLITE_BUSY');
      }, 30),
    ).toThrow('database is locked (SQLITE_BUSY)');
    expect(calls).toBeGreaterThan(1);
  });
});
