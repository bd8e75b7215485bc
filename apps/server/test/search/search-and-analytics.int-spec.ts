import { seedExampleMessages } from '@agent-ledger/testing';
import { getJson, postJson, type JsonResponse } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';
import { startTestStore, type TestStore } from '../testing/test-store';

function positionOf(response: JsonResponse): number {
  const body = response.body as { position?: unknown };
  if (typeof body.position !== 'number')
    throw new Error(`No position in ${JSON.stringify(response)}`);
  return body.position;
}

describe('search and analytics over HTTP', () => {
  let store: TestStore;
  let server: RunningServer;
  let position: number;
  const url = (route: string) => `${server.url}/v1${route}`;
  const q = (text: string) => encodeURIComponent(text);

  beforeAll(async () => {
    store = await startTestStore('sqlite');
    server = await startServer({ ...store.env, READ_MODEL_WAIT_MS: '1500' });
    expect(
      (await postJson(url('/sessions/s1/messages'), { messages: seedExampleMessages() })).status,
    ).toBe(200);
    expect(
      (
        await postJson(url('/sessions/s1/prunings'), {
          messageIds: ['m4'],
          reason: 'Old tool result no longer needed in full',
        })
      ).status,
    ).toBe(200);
    const second = await postJson(url('/sessions/s2/messages'), {
      messages: [
        {
          id: 'k1',
          sessionId: 's2',
          role: 'user',
          kind: 'user_input',
          createdAt: '2026-04-09T10:00:00Z',
          content:
            'my key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 and loginHandler fails',
        },
      ],
    });
    expect(second).toMatchObject({ status: 200 });
    position = positionOf(second);
  });

  afterAll(async () => {
    try {
      await server.stop();
    } finally {
      await store.close();
    }
  });

  it("finds the seed's Chinese words, and says the pruned result is truncated", async () => {
    const response = await getJson(url(`/search?q=${q('登录失败')}&minPosition=${position}`));
    expect(response).toEqual({
      status: 200,
      body: {
        results: [
          {
            sessionId: 's1',
            messageId: 'm2',
            kind: 'user_input',
            role: 'user',
            revision: 2,
            position: expect.any(Number) as unknown,
            createdAt: '2026-04-08T09:00:01Z',
            snippet: '帮我看看 src/auth.ts 为什么«登录失败»，并修一下。',
            visibility: 'visible',
            score: expect.any(Number) as unknown,
          },
        ],
        nextCursor: null,
      },
    });
    const pruned = await getJson(
      url(`/sessions/s1/search?q=${q('tool:Read kind:tool_result 长文件')}`),
    );
    expect(pruned.body).toMatchObject({
      results: [{ messageId: 'm4', visibility: 'truncated', snippet: '...«长文件»...' }],
    });
  });

  it('pages with nextCursor, and searches code identifiers by their pieces', async () => {
    const first = await getJson(url(`/search?q=${q('src/auth.ts')}&limit=1`));
    const body = first.body as { results: Array<{ messageId: string }>; nextCursor: string };
    expect(body.results.map((result) => result.messageId)).toHaveLength(1);
    const second = await getJson(
      url(`/search?q=${q('src/auth.ts')}&limit=1&cursor=${body.nextCursor}`),
    );
    const both = [...body.results, ...(second.body as typeof body).results].map(
      (result) => result.messageId,
    );
    expect(both.sort()).toEqual(['m2', 'm3']);
    expect((await getJson(url(`/search?q=handler`))).body).toMatchObject({
      results: [{ messageId: 'k1' }],
    });
  });

  it('redacts secrets in snippets unless raw is asked for', async () => {
    const redacted = await getJson(url(`/sessions/s2/search?q=key`));
    expect(redacted.body).toMatchObject({
      results: [{ snippet: 'my «key» is [REDACTED] and loginHandler fails' }],
    });
    const raw = await getJson(url(`/sessions/s2/search?q=key&raw=true`));
    expect(raw.body).toMatchObject({
      results: [
        {
          snippet:
            'my «key» is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 and loginHandler fails',
        },
      ],
    });
  });

  it('answers a bad query with a 400 that says where, and an unknown session with a 404', async () => {
    expect(await getJson(url(`/search?q=${q('login AND (fail')}`))).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'InvalidSearchQuery',
        message: 'Search query "login AND (fail", column 11: "(" is never closed.',
        column: 11,
      },
    });
    expect((await getJson(url(`/search?q=x&cursor=nope`))).body).toMatchObject({
      statusCode: 400,
      code: 'InvalidSearchCursor',
    });
    expect((await getJson(url(`/search`))).body).toMatchObject({
      statusCode: 400,
      code: 'InvalidRequest',
    });
    expect((await getJson(url(`/sessions/nope/search?q=x`))).body).toMatchObject({
      statusCode: 404,
      code: 'SessionNotFound',
    });
  });

  it("gives a session's analytics and groups across sessions", async () => {
    const session = await getJson(url(`/sessions/s1/analytics`));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      sessionId: 's1',
      turns: 1,
      messages: { total: 5 },
      tools: [
        {
          toolName: 'Read',
          calls: 1,
          results: 1,
          errors: 0,
          outputChars: { p50: 9, max: 9, total: 9 },
        },
      ],
      prunings: { results: 1, characters: 9 },
    });
    const byDay = await getJson(url(`/analytics?groupBy=day`));
    expect(
      (
        byDay.body as { groups: Array<{ key: string; sessions: number; messages: number }> }
      ).groups.map(({ key, sessions, messages }) => ({ key, sessions, messages })),
    ).toEqual([
      { key: '2026-04-08', sessions: 1, messages: 5 },
      { key: '2026-04-09', sessions: 1, messages: 1 },
    ]);
    const ranged = await getJson(
      url(`/analytics?groupBy=tool&from=2026-04-08T00:00:00Z&to=2026-04-09T00:00:00Z`),
    );
    expect(ranged.body).toMatchObject({
      groupBy: 'tool',
      from: '2026-04-08T00:00:00.000Z',
      to: '2026-04-09T00:00:00.000Z',
      groups: [{ key: 'Read', toolCalls: 1 }],
    });
    expect((await getJson(url(`/analytics?groupBy=week`))).body).toMatchObject({
      statusCode: 400,
      code: 'InvalidRequest',
    });
    expect((await getJson(url(`/sessions/nope/analytics`))).body).toMatchObject({
      statusCode: 404,
      code: 'SessionNotFound',
    });
  });

  it('model-context?call=N gives the context that call was made from; errors say what is accepted', async () => {
    const user = (id: string, text: string) => ({
      messages: [
        {
          id,
          sessionId: 'c1',
          role: 'user',
          kind: 'user_input',
          createdAt: '2026-05-01T10:00:00Z',
          content: text,
        },
      ],
    });
    const step = (generationId: string, text: string) => ({
      generationId,
      stepNumber: 0,
      messages: [{ role: 'assistant', content: [{ type: 'text', text }] }],
      provider: 'openai.responses',
      modelId: 'gpt-5',
      usage: { inputTokens: 10, outputTokens: 2 },
    });
    expect((await postJson(url('/sessions/c1/messages'), user('u1', 'One?'))).status).toBe(200);
    expect((await postJson(url('/sessions/c1/ai-sdk-steps'), step('g1', 'One.'))).status).toBe(200);
    expect((await postJson(url('/sessions/c1/messages'), user('u2', 'Two?'))).status).toBe(200);
    const context = await getJson(url('/sessions/c1/model-context?call=1&format=ai-sdk'));
    expect(context).toMatchObject({
      status: 200,
      body: {
        sessionId: 'c1',
        revision: 1,
        messages: [{ role: 'user', content: 'One?' }],
        modelCall: {
          callNumber: 1,
          callId: 'g1:step-0',
          provider: 'openai.responses',
          modelId: 'gpt-5',
          contextRevision: 1,
          revisionSource: 'inferred',
        },
      },
    });
    expect(await getJson(url('/sessions/c1/model-context?call=2'))).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        code: 'ModelCallNotFound',
        message: 'Session "c1" has 1 recorded model call; call takes 1 to 1, not 2.',
      },
    });
    expect(
      (await getJson(url('/sessions/c1/model-context?call=1&atRevision=1'))).body,
    ).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('call and atRevision cannot be combined') as unknown,
    });
  });
});
