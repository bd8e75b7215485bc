import { getJson, postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from '../testing/test-store';
import { filesHolding, recordEverywhere, sessionRoutes } from './erasure-testing';

describe.each(STORE_KINDS)('erasure on the %s store', (kind) => {
  let store: TestStore;
  let server: RunningServer;

  beforeAll(async () => {
    store = await startTestStore(kind);
    server = await startServer(store.env);
  });

  afterAll(async () => {
    try {
      await server.stop();
    } finally {
      await store.close();
    }
  });

  const text = async (route: string): Promise<{ status: number; body: string }> => {
    const response = await fetch(`${server.url}${route}`);
    return { status: response.status, body: await response.text() };
  };

  it("erases every session of a subject: no route and no file holds its token, another subject's stays", async () => {
    const erased = `ErasedToken${kind}7f3a`;
    const kept = `KeptToken${kind}91c2`;
    await recordEverywhere(server.url, 'alice-1', 'alice', erased);
    await recordEverywhere(server.url, 'alice-2', 'alice', erased);
    await recordEverywhere(server.url, 'bob-1', 'bob', kept);
    expect((await text(`/v1/search?q=${erased}`)).body).toContain('alice-1');

    const receipt = await postJson(`${server.url}/v1/erasures`, { subjectId: 'alice' });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      status: 'completed',
      subjectId: 'alice',
      action: 'erase',
      sessionIds: ['alice-1', 'alice-2'],
      physical: kind === 'sqlite',
    });
    expect(JSON.stringify(receipt.body)).not.toContain(erased);

    for (const sessionId of ['alice-1', 'alice-2']) {
      for (const route of sessionRoutes(sessionId)) {
        const answer = await text(route);
        expect({ route, status: answer.status }).toEqual({ route, status: 404 });
        expect(answer.body).not.toContain(erased);
      }
    }
    for (const route of ['/v1/sessions', `/v1/search?q=${erased}`, '/v1/analytics']) {
      const answer = await text(route);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain(erased);
      expect(answer.body).not.toContain('alice-');
    }
    expect((await text(`/v1/sessions/bob-1/transcript`)).body).toContain(kept);
    expect((await text(`/v1/search?q=${kept}`)).body).toContain('bob-1');

    if (kind === 'sqlite') {
      expect(filesHolding(server.dataDir, erased)).toEqual([]);
      expect(filesHolding(server.dataDir, kept)).not.toEqual([]);
    }

    // Again: the same receipt, nothing more.
    const again = await postJson(`${server.url}/v1/erasures`, { subjectId: 'alice' });
    expect(again).toEqual(receipt);
    const listed = await getJson(`${server.url}/v1/erasures`);
    expect(listed.body).toMatchObject({ erasures: [receipt.body], nextCursor: null });
  });

  it('an erasure by subject covers the forks (and forks of forks) that carry the subject', async () => {
    const token = `ForkedToken${kind}4b8e`;
    await recordEverywhere(server.url, 'dave-1', 'dave', token);
    const fork = await postJson(`${server.url}/v1/sessions/dave-1/forks`, {
      sessionId: 'dave-1-branch',
    });
    expect(fork).toMatchObject({
      status: 201,
      body: { subjectId: 'dave', forkedFrom: { sessionId: 'dave-1' } },
    });
    const forkOfFork = await postJson(`${server.url}/v1/sessions/dave-1-branch/forks`, {
      sessionId: 'dave-1-branch-2',
    });
    expect(forkOfFork).toMatchObject({ status: 201, body: { subjectId: 'dave' } });
    expect((await text('/v1/sessions/dave-1-branch-2/model-context')).body).toContain(token);

    const receipt = await postJson(`${server.url}/v1/erasures`, { subjectId: 'dave' });
    expect(receipt.body).toMatchObject({
      status: 'completed',
      sessionIds: ['dave-1', 'dave-1-branch', 'dave-1-branch-2'],
    });
    // Sealed on EventStoreDB (its default): each session's keys are destroyed with it.
    const destroyed = (receipt.body as { contentKeysDestroyed: number }).contentKeysDestroyed;
    expect(destroyed).toBe(kind === 'eventstoredb' ? 3 : 0);
    for (const sessionId of ['dave-1', 'dave-1-branch', 'dave-1-branch-2']) {
      for (const route of sessionRoutes(sessionId)) {
        const answer = await text(route);
        expect({ route, status: answer.status }).toEqual({ route, status: 404 });
      }
    }
    expect((await text(`/v1/search?q=${token}`)).body).not.toContain('dave-');
    if (kind === 'sqlite') expect(filesHolding(server.dataDir, token)).toEqual([]);
  });

  it('erases one session, which can then be started again under its id', async () => {
    await recordEverywhere(server.url, 'carol-1', 'carol', 'FirstLifeToken5d1');
    const response = await fetch(`${server.url}/v1/sessions/carol-1`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'completed', sessionIds: ['carol-1'] });
    expect((await text('/v1/sessions/carol-1/transcript')).status).toBe(404);

    await recordEverywhere(server.url, 'carol-1', 'carol', 'SecondLifeToken8e2');
    const transcript = await text('/v1/sessions/carol-1/transcript');
    expect(transcript.status).toBe(200);
    expect(transcript.body).toContain('SecondLifeToken8e2');
    expect(transcript.body).not.toContain('FirstLifeToken5d1');
    const events = await text('/v1/sessions/carol-1/events');
    expect(events.body).not.toContain('FirstLifeToken5d1');
  });

  it("ends the session's live transcript streams", async () => {
    await recordEverywhere(server.url, 'live-1', 'heidi', 'LiveToken3a9');
    const stream = await fetch(`${server.url}/v1/sessions/live-1/transcript/stream`);
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (reader === undefined) throw new Error('The stream has no body.');
    await reader.read();
    const erased = await fetch(`${server.url}/v1/sessions/live-1`, { method: 'DELETE' });
    expect(erased.status).toBe(200);
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    const again = await fetch(`${server.url}/v1/sessions/live-1/transcript/stream`);
    expect(again.status).toBe(404);
  });

  it('refuses an append naming another subject than the session has (409 SubjectMismatch)', async () => {
    await recordEverywhere(server.url, 'dave-1', 'dave', 'DaveToken');
    const refused = await postJson(`${server.url}/v1/sessions/dave-1/messages`, {
      subjectId: 'eve',
      messages: [
        { id: 'x1', sessionId: 'dave-1', kind: 'user_input', role: 'user', content: 'hi' },
      ],
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'SubjectMismatch', field: 'subjectId' },
    });
    const { message } = refused.body as { message: string };
    expect(message).toContain('subject "dave"');
    expect(message).toContain('subject "eve"');
  });

  it('answers 404 for a session that never existed, and 400 for a bad retention run', async () => {
    const missing = await fetch(`${server.url}/v1/sessions/nobody`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await postJson(`${server.url}/v1/retention-runs`, { maxIdle: '30x' })).toMatchObject({
      status: 400,
      body: { code: 'InvalidRequest' },
    });
  });
});

describe('retention', () => {
  let server: RunningServer;
  afterEach(async () => {
    await server.stop();
  });

  it('on demand: a dry run names the idle sessions and erases nothing; strip-content keeps them listed, marked, with no content', async () => {
    server = await startServer();
    await recordEverywhere(server.url, 'old-1', 'frank', 'StripToken4c2');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const dry = await postJson(`${server.url}/v1/retention-runs`, { maxIdle: '1s', dryRun: true });
    expect(dry).toMatchObject({
      status: 200,
      body: { dryRun: true, sessionIds: ['old-1'], erasures: [] },
    });
    expect((await fetch(`${server.url}/v1/sessions/old-1/transcript`)).status).toBe(200);

    const run = await postJson(`${server.url}/v1/retention-runs`, {
      maxIdle: '1s',
      action: 'strip-content',
    });
    expect(run).toMatchObject({
      status: 200,
      body: {
        action: 'strip-content',
        sessionIds: ['old-1'],
        erasures: [
          { reason: 'retention', maxIdle: '1s', action: 'strip-content', status: 'completed' },
        ],
      },
    });
    const list = await getJson(`${server.url}/v1/sessions`);
    expect(list.body).toMatchObject({ sessions: [{ sessionId: 'old-1', contentErased: true }] });
    // The subject goes with the content: the stripped summary no longer names the person.
    expect(JSON.stringify(list.body)).not.toContain('subjectId');
    expect((await fetch(`${server.url}/v1/sessions/old-1/transcript`)).status).toBe(404);
    expect(filesHolding(server.dataDir, 'StripToken4c2')).toEqual([]);
  });

  it('on a schedule (RETENTION_MAX_IDLE): announced at start and in /health, idle sessions erased with a receipt', async () => {
    server = await startServer({ RETENTION_MAX_IDLE: '1s', RETENTION_INTERVAL: '1s' });
    expect(server.output()).toContain(
      'Retention schedule: every 1s; every tenant: erase sessions idle over 1s.',
    );
    await recordEverywhere(server.url, 'soon-gone', 'grace', 'ScheduleToken9b1');
    let receipts: { erasures: Array<{ reason: string; sessionIds: string[] }> } = { erasures: [] };
    for (let wait = 0; receipts.erasures.length === 0 && wait < 100; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      receipts = (await getJson(`${server.url}/v1/erasures`)).body as typeof receipts;
    }
    expect(receipts.erasures).toMatchObject([{ reason: 'retention', sessionIds: ['soon-gone'] }]);
    expect((await getJson(`${server.url}/health`)).body).toMatchObject({
      retention: {
        schedule: 'on',
        interval: '1s',
        defaultPolicy: { maxIdle: '1s', action: 'erase' },
      },
    });
  });
});
