import { seedExampleMessages } from '@agent-ledger/testing';
import { postJson, type JsonResponse } from './testing/http-client';
import { readSessionStream } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { anyString } from './testing/matchers';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

const reply = (sessionId: string, id: string) => ({
  id,
  sessionId,
  kind: 'assistant_text',
  role: 'assistant',
  content: `reply ${id}`,
});

const statuses = (responses: JsonResponse[]): number[] =>
  responses.map((response) => response.status).sort();

const messageIdsOf = async (store: TestStore, sessionId: string): Promise<string[]> =>
  (await readSessionStream(store, sessionId)).flatMap((event) => {
    const data = event.data as { id?: unknown };
    return typeof data.id === 'string' ? [data.id] : [];
  });

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  let store: TestStore;
  // Two servers on one store, each with its own cache; the single-server cases use the first.
  let first: RunningServer;
  let second: RunningServer;
  let started: RunningServer[] = [];

  beforeAll(async () => {
    store = await startTestStore(kind);
    const results = await Promise.allSettled([startServer(store.env), startServer(store.env)]);
    // Whatever started is stopped in afterAll, even when the other server failed to start.
    started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    [first, second] = started as [RunningServer, RunningServer];
  });

  afterAll(async () => {
    try {
      await Promise.all(started.map((server) => server.stop()));
    } finally {
      await store.close();
    }
  });

  describe('one server', () => {
    const url = (sessionId: string, route = 'messages') =>
      `${first.url}/v1/sessions/${sessionId}/${route}`;

    it('two clients appending with the same expectedRevision at once: exactly one gets 409', async () => {
      await postJson(url('race-1'), {
        messages: seedExampleMessages().map((m) => ({ ...m, sessionId: 'race-1' })),
      });
      const responses = await Promise.all([
        postJson(url('race-1'), { expectedRevision: 5, messages: [reply('race-1', 'from-a')] }),
        postJson(url('race-1'), { expectedRevision: 5, messages: [reply('race-1', 'from-b')] }),
      ]);
      expect(statuses(responses)).toEqual([200, 409]);
      const conflict = responses.find((response) => response.status === 409);
      expect(conflict?.body).toEqual({
        statusCode: 409,
        code: 'WrongExpectedRevision',
        message: anyString,
        expectedRevision: 5,
        actualRevision: 6,
      });
      const ids = await messageIdsOf(store, 'race-1');
      expect(ids.slice(0, 5)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(ids.length).toEqual(6);
    });

    it('a client retrying an append whose response it lost: success, and no duplicate', async () => {
      const body = {
        expectedRevision: -1,
        messages: [reply('retry-1', 'r1'), reply('retry-1', 'r2')],
      };
      const lost = await postJson(url('retry-1'), body); // the response that "never arrived"
      const retry = await postJson(url('retry-1'), body);
      expect([lost.status, retry]).toEqual([200, lost]);
      expect(await messageIdsOf(store, 'retry-1')).toEqual(['r1', 'r2']);
    });

    it('a retry sent while the first attempt is still in flight: both succeed, no duplicate', async () => {
      const body = { messages: [reply('retry-2', 'r1')] };
      const responses = await Promise.all([
        postJson(url('retry-2'), body),
        postJson(url('retry-2'), body),
      ]);
      expect(statuses(responses)).toEqual([200, 200]);
      expect(await messageIdsOf(store, 'retry-2')).toEqual(['r1']);
    });
  });

  describe('two servers sharing one store (each with its own cache)', () => {
    it('appends without expectedRevision on both at once: both succeed, each message once', async () => {
      const url = (server: RunningServer) => `${server.url}/v1/sessions/shared-2/messages`;
      await postJson(url(first), { messages: [reply('shared-2', 'm1')] });
      await postJson(url(second), { messages: [reply('shared-2', 'm2')] });
      const responses = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          postJson(url(n % 2 === 0 ? first : second), {
            messages: [reply('shared-2', `race-${n}`)],
          }),
        ),
      );
      expect(statuses(responses)).toEqual([200, 200, 200, 200]);
      const ids = await messageIdsOf(store, 'shared-2');
      expect([...ids].sort()).toEqual(['m1', 'm2', 'race-1', 'race-2', 'race-3', 'race-4']);
    });

    it('the same expectedRevision on both at once: exactly one 409, no duplicate; then both see the winner', async () => {
      const url = (server: RunningServer) => `${server.url}/v1/sessions/shared-1/messages`;
      await postJson(url(first), { messages: [reply('shared-1', 'm1')] });
      await postJson(url(second), { expectedRevision: 1, messages: [reply('shared-1', 'm2')] });
      const responses = await Promise.all([
        postJson(url(first), { expectedRevision: 2, messages: [reply('shared-1', 'from-first')] }),
        postJson(url(second), {
          expectedRevision: 2,
          messages: [reply('shared-1', 'from-second')],
        }),
      ]);
      expect(statuses(responses)).toEqual([200, 409]);
      // Each server's cached state catches up with the other's append before deciding.
      const next = await Promise.all([
        postJson(url(first), { messages: [reply('shared-1', 'm4')] }),
        postJson(url(second), { messages: [reply('shared-1', 'm4')] }),
      ]);
      expect(statuses(next)).toEqual([200, 200]);
      const ids = await messageIdsOf(store, 'shared-1');
      expect([ids.length, new Set(ids).size, ids.at(-1)]).toEqual([4, 4, 'm4']);
    });
  });
});
