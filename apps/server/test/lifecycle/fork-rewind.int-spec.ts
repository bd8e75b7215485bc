import { createLedgerClient } from '@agent-ledger/client';
import { seedExampleMessages } from '@agent-ledger/testing';
import { postJson } from '../testing/http-client';
import { startServer, type RunningServer } from '../testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from '../testing/test-store';

describe.each(STORE_KINDS)('fork and rewind on the %s store', (kind) => {
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

  it('forks the seed example before its pruning and rewinds it there: both answer the same model context, the transcript keeps what was undone', async () => {
    const ledger = createLedgerClient({ baseUrl: server.url });
    const session = ledger.session('seed');
    await postJson(`${server.url}/v1/sessions/seed/messages`, {
      messages: seedExampleMessages().map((message) => ({ ...message, sessionId: 'seed' })),
    }); // 0–5
    await session.prune({ messageIds: ['m4'] }); // 6
    await session.append([{ id: 'm6', role: 'user', kind: 'user_input', content: 'And now?' }]); // 7
    const before = await ledger.modelContext('seed', {
      format: 'ai-sdk',
      provider: 'anthropic',
      atRevision: 5,
    });

    const fork = await session.fork({ sessionId: 'seed-fork', atRevision: 5 });
    expect(fork).toMatchObject({
      sessionId: 'seed-fork',
      forkedFrom: { sessionId: 'seed', revision: 5 },
    });
    const rewound = await session.rewind({ toMessageId: 'm5' });
    expect(rewound).toMatchObject({ toRevision: 5, revision: 8, rewoundMessageIds: ['m6'] });
    for (const sessionId of ['seed', 'seed-fork']) {
      const context = await ledger.modelContext(sessionId, {
        format: 'ai-sdk',
        provider: 'anthropic',
      });
      expect(context.messages).toEqual(before.messages);
    }
    // The old branch, with m4 pruned and m6 asked, still answers at its revision.
    const oldBranch = await ledger.modelContext('seed', { format: 'ai-sdk', atRevision: 7 });
    expect(JSON.stringify(oldBranch.messages)).toContain('And now?');

    const entries = [];
    for await (const entry of session.transcript()) entries.push(entry);
    expect(entries.map((entry) => [entry.id, entry.rewound === true])).toEqual([
      ['m1', false],
      ['m2', false],
      ['m3', false],
      ['m4', false],
      ['m5', false],
      ['m6', true],
    ]);
    const debug = await ledger.debugPage('seed', { provider: 'anthropic' });
    expect(
      debug.messages.map((entry) => [entry.id, entry.model.status, entry.rewound === true]),
    ).toEqual([
      ['m1', 'shown', false],
      ['m2', 'shown', false],
      ['m3', 'shown', false],
      ['m4', 'shown', false],
      ['m5', 'shown', false],
      ['m6', 'hidden', true],
    ]);
    expect(debug.messages[5]?.model.reason).toBe('rewound');
    // A message id the rewind undid is recorded again, and is what the model now sees.
    await session.append([{ id: 'm6', role: 'user', kind: 'user_input', content: 'Instead?' }]);
    const after = await ledger.modelContext('seed', { format: 'model' });
    expect(JSON.stringify(after.messages)).toContain('Instead?');
    expect(JSON.stringify(after.messages)).not.toContain('And now?');

    const summary = await ledger.getSession('seed-fork');
    expect(summary.forkedFrom).toEqual({ sessionId: 'seed', revision: 5 });
    const listed = [];
    for await (const row of ledger.sessions()) listed.push([row.sessionId, row.forkedFrom]);
    expect(listed).toContainEqual(['seed-fork', { sessionId: 'seed', revision: 5 }]);
  });

  it('answers clear errors: RevisionRewound, RevisionNotFound, SessionExists, both targets', async () => {
    const url = (route: string) => `${server.url}/v1/sessions/errs/${route}`;
    await postJson(url('messages'), {
      messages: ['e1', 'e2', 'e3'].map((id) => ({
        id,
        sessionId: 'errs',
        kind: 'user_input',
        role: 'user',
        content: id,
      })),
    });
    expect((await postJson(url('rewinds'), { toRevision: 1 })).status).toBe(201);
    const rewoundTarget = await postJson(url('rewinds'), { toRevision: 2 });
    expect(rewoundTarget).toMatchObject({ status: 409, body: { code: 'RevisionRewound' } });
    const pastHead = await postJson(url('rewinds'), { toRevision: 99 });
    expect(pastHead).toMatchObject({ status: 404, body: { code: 'RevisionNotFound' } });
    const both = await postJson(url('rewinds'), { toRevision: 1, toMessageId: 'e1' });
    expect(both).toMatchObject({ status: 400, body: { code: 'InvalidRequest' } });
    const taken = await postJson(url('forks'), { sessionId: 'seed' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'SessionExists' } });
    const unknown = await postJson(`${server.url}/v1/sessions/nope/forks`, { sessionId: 'x' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'SessionNotFound' } });
    // By message: the revision that recorded it, and never one a rewind undid.
    const byMessage = await postJson(url('forks'), { sessionId: 'errs-at-e1', atMessageId: 'e1' });
    expect(byMessage).toMatchObject({
      status: 201,
      body: { forkedFrom: { sessionId: 'errs', revision: 1 } },
    });
    const rewoundMessage = await postJson(url('forks'), { sessionId: 'x', atMessageId: 'e3' });
    expect(rewoundMessage).toMatchObject({ status: 422, body: { code: 'UnknownMessage' } });
    const unknownSource = await postJson(`${server.url}/v1/sessions/nope/forks`, {
      sessionId: 'x',
      atMessageId: 'e1',
    });
    expect(unknownSource).toMatchObject({ status: 404, body: { code: 'SessionNotFound' } });
    const bothAt = await postJson(url('forks'), {
      sessionId: 'x',
      atRevision: 1,
      atMessageId: 'e1',
    });
    expect(bothAt).toMatchObject({ status: 400, body: { code: 'InvalidRequest' } });
  });
});
