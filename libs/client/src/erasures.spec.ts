import { createLedgerClient } from './create-ledger-client';

/** A client whose requests are recorded and answered with `answer`. */
function recordingClient(answer: unknown) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  const client = createLedgerClient({
    baseUrl: 'http://ledger.test',
    fetch: (input, init) => {
      requests.push({
        method: init?.method ?? 'GET',
        url: input instanceof Request ? input.url : input.toString(),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  return { client, requests };
}

describe('erasures through the client', () => {
  it('session.erase() sends DELETE on the session and answers the receipt', async () => {
    const { client, requests } = recordingClient({ erasureId: 'e1', status: 'completed' });
    const receipt = await client.session('s 1').erase();
    expect(receipt).toEqual({ erasureId: 'e1', status: 'completed' });
    expect(requests).toEqual([
      { method: 'DELETE', url: 'http://ledger.test/v1/sessions/s%201', body: undefined },
    ]);
  });

  it('erasures.create posts the subject; runRetention posts the policy', async () => {
    const { client, requests } = recordingClient({});
    await client.erasures.create({ subjectId: 'u1' });
    await client.runRetention({ maxIdle: '30d', dryRun: true });
    expect(requests).toEqual([
      { method: 'POST', url: 'http://ledger.test/v1/erasures', body: { subjectId: 'u1' } },
      {
        method: 'POST',
        url: 'http://ledger.test/v1/retention-runs',
        body: { maxIdle: '30d', dryRun: true },
      },
    ]);
  });

  it('a session handle sends its subjectId with every append', async () => {
    const { client, requests } = recordingClient({ sessionId: 's1', revision: 1, position: 2 });
    await client.session('s1', { subjectId: 'u1', generateId: () => 'm1' }).recordUserInput('hi');
    expect(requests[0]?.body).toMatchObject({ subjectId: 'u1' });
  });
});
