import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KeyRegistry } from '@agent-ledger/access';
import { readSessionStream } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

const root = path.resolve(__dirname, '..', '..', '..');

/** One HTTP answer: status and parsed JSON body (`undefined` when it is not JSON). */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function request(
  url: string,
  key: string | undefined,
  options: { method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers['authorization'] = `Bearer ${key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: response.status, body: { text } };
  }
}

const userMessage = (sessionId: string, id: string, text = `text of ${id}`) => ({
  id,
  sessionId,
  kind: 'user_input',
  role: 'user',
  content: [{ type: 'text', text }],
});

/** Asks `probe` every 50 ms until `done` holds of its answer or `withinMs` passed; the last answer. */
async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `agent-ledger <args>` against the test's store, as an operator runs it (without blocking the emulator). */
function runCli(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-r', './scripts/ts-register.js', 'apps/cli/src/main.ts', ...args],
      { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Reads an SSE stream until `until` holds of what arrived, or `timeoutMs` passes. */
async function readSseUntil(
  url: string,
  key: string,
  until: (text: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text = '';
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
      text += Buffer.from(chunk.value).toString('utf8');
      if (until(text)) break;
    }
  } catch {
    // Timed out: the test says what did arrive.
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}

describe.each(STORE_KINDS)('two nodes on one %s store', (kind) => {
  let store: TestStore;
  const nodes: RunningServer[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let cliDataDir: string;
  /** The operator's first key, made on the store as the CLI does (read, write, audit, admin). */
  let admin: string;

  const cliEnv = (): Record<string, string> =>
    kind === 'sqlite' ? store.env : { ...store.env, DATA_DIR: cliDataDir };

  beforeAll(async () => {
    store = await startTestStore(kind);
    cliDataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-cli-'));
    // One after the other: two starts at once on a busy machine take longer than one each.
    a = await startServer(store.env);
    nodes.push(a);
    b = await startServer(store.env);
    nodes.push(b);
    const keys = await KeyRegistry.open(store.client());
    admin = (await keys.create({ tenant: 'acme', scopes: ['read', 'write', 'audit', 'admin'] }))
      .secret;
  }, 300_000);

  afterAll(async () => {
    try {
      await Promise.all(nodes.map((node) => node.stop()));
    } finally {
      await store.close();
      rmSync(cliDataDir, { recursive: true, force: true });
    }
  });

  it('a key made on one node works on the other, and a key revoked on one is refused by the other within a second', async () => {
    // The operator's key, made on the store: both nodes closed to callers without a key.
    for (const node of [a, b]) {
      expect(
        (
          await poll(
            () => request(`${node.url}/v1/whoami`, undefined),
            (r) => r.status === 401,
            1000,
          )
        ).status,
      ).toBe(401);
      expect((await request(`${node.url}/v1/whoami`, admin)).body).toMatchObject({
        tenant: 'acme',
      });
    }
    const created = await request(`${a.url}/v1/keys`, admin, {
      body: { scopes: ['read'], name: 'made on a' },
    });
    expect(created.status).toBe(200);
    const secret = created.body['secret'] as string;
    const keyId = (created.body['key'] as { keyId: string }).keyId;
    const onB = await poll(
      () => request(`${b.url}/v1/whoami`, secret),
      (r) => r.status === 200,
      1000,
    );
    expect(onB).toMatchObject({ status: 200, body: { keyId, tenant: 'acme', scopes: ['read'] } });
    // Listed on the other node too.
    const listed = await request(`${b.url}/v1/keys`, admin);
    expect((listed.body['keys'] as Array<{ keyId: string }>).map((key) => key.keyId)).toContain(
      keyId,
    );

    expect((await request(`${a.url}/v1/keys/${keyId}`, admin, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await request(`${a.url}/v1/whoami`, secret)).status).toBe(401);
    const revokedOnB = await poll(
      () => request(`${b.url}/v1/whoami`, secret),
      (r) => r.status === 401,
      1000,
    );
    expect(revokedOnB.status).toBe(401);
  }, 120_000);

  it('a key created with the CLI against the store is accepted by both running nodes', async () => {
    const run = await runCli(
      ['keys', 'create', '--tenant', 'acme', '--scope', 'read', '--name', 'from the cli'],
      cliEnv(),
    );
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    const secret = run.stdout.trim();
    for (const node of [a, b]) {
      const answer = await poll(
        () => request(`${node.url}/v1/whoami`, secret),
        (r) => r.status === 200,
        1000,
      );
      expect(answer).toMatchObject({ status: 200, body: { tenant: 'acme', scopes: ['read'] } });
    }
  }, 180_000);

  it('read-your-writes across nodes with minPosition, and a live transcript on one node shows what the other wrote', async () => {
    const written = await request(`${a.url}/v1/sessions/ryw-1/messages`, admin, {
      body: { messages: [userMessage('ryw-1', 'm1', 'written through a')] },
    });
    expect(written.status).toBe(200);
    const position = written.body['position'] as number;
    const read = await request(
      `${b.url}/v1/sessions/ryw-1/transcript?minPosition=${position}`,
      admin,
    );
    expect({
      status: read.status,
      seen: JSON.stringify(read.body).includes('written through a'),
    }).toEqual({ status: 200, seen: true, ...(read.status === 200 ? {} : { body: read.body }) });

    const stream = readSseUntil(
      `${b.url}/v1/sessions/ryw-1/transcript/stream?afterRevision=-1`,
      admin,
      (text) => text.includes('written through a again'),
      8000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      (
        await request(`${a.url}/v1/sessions/ryw-1/messages`, admin, {
          body: { messages: [userMessage('ryw-1', 'm2', 'written through a again')] },
        })
      ).status,
    ).toBe(200);
    const text = await stream;
    expect([text.includes('written through a'), text.includes('written through a again')]).toEqual([
      true,
      true,
    ]);
  }, 120_000);

  it('two writers at one expectedRevision through the two nodes: exactly one wins, 40 rounds in a row', async () => {
    const url = (node: RunningServer) => `${node.url}/v1/sessions/duel-1/messages`;
    let revision = (
      await request(url(a), admin, { body: { messages: [userMessage('duel-1', 'start')] } })
    ).body['revision'] as number;
    const outcomes: string[] = [];
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(
        [a, b].map((node, index) =>
          request(url(node), admin, {
            body: {
              expectedRevision: revision,
              messages: [userMessage('duel-1', `r${round}-${index}`)],
            },
          }),
        ),
      );
      outcomes.push(
        answers
          .map((answer) => answer.status)
          .sort()
          .join(','),
      );
      const winner = answers.find((answer) => answer.status === 200);
      if (winner !== undefined) revision = winner.body['revision'] as number;
    }
    expect(outcomes).toEqual(Array.from({ length: 40 }, () => '200,409'));
    // SessionStarted, the first message, one winner a round.
    const events = await readSessionStream(store, 'acme duel-1');
    expect(events).toHaveLength(42);
  }, 300_000);

  it('16 clients appending without expectedRevision over both nodes: no 409, every message once', async () => {
    const clients = 16;
    const appendsPerClient = 64;
    const sessions = 4;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const node = client % 2 === 0 ? a : b;
        const sessionId = `busy-${client % sessions}`;
        for (let n = 0; n < appendsPerClient; n += 1) {
          const answer = await request(`${node.url}/v1/sessions/${sessionId}/messages`, admin, {
            body: { messages: [userMessage(sessionId, `c${client}-${n}`)] },
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: clients * appendsPerClient });
    for (let session = 0; session < sessions; session += 1) {
      const ids = (await readSessionStream(store, `acme busy-${session}`)).flatMap((event) => {
        const id = (event.data as { id?: unknown }).id;
        return typeof id === 'string' ? [id] : [];
      });
      expect([ids.length, new Set(ids).size]).toEqual([
        (clients / sessions) * appendsPerClient,
        (clients / sessions) * appendsPerClient,
      ]);
    }
  }, 900_000);

  it("an erasure through one node purges the other's read models, and the other's cache does not write into the erased stream", async () => {
    const url = (node: RunningServer, route: string) => `${node.url}/v1/sessions/erased-1/${route}`;
    // The session is written (and cached) through b, then read there.
    const written = await request(url(b, 'messages'), admin, {
      body: { messages: [userMessage('erased-1', 'm1', 'before the erasure')] },
    });
    expect(written.status).toBe(200);
    expect(
      (
        await request(
          `${url(b, 'transcript')}?minPosition=${written.body['position'] as number}`,
          admin,
        )
      ).status,
    ).toBe(200);

    const erased = await request(`${a.url}/v1/sessions/erased-1`, admin, { method: 'DELETE' });
    expect(erased).toMatchObject({ status: 200, body: { status: 'completed' } });
    const onB = await poll(
      () => request(url(b, 'transcript'), admin),
      (answer) => answer.status === 404,
      2000,
    );
    expect(onB.status).toBe(404);
    // b's session list no longer has it either.
    const list = await request(`${b.url}/v1/sessions`, admin);
    expect(JSON.stringify(list.body)).not.toContain('erased-1');

    // The old revision is refused; the same message id again starts the session afresh (a cache
    // that still held the erased state would take it for a retry and write nothing).
    // b answers 404 until it has read the receipt (within 250 ms), then refuses the stale
    // revision with 409 (nothing written, so asking again is safe).
    const stale = await poll(
      () =>
        request(url(b, 'messages'), admin, {
          body: {
            expectedRevision: written.body['revision'] as number,
            messages: [userMessage('erased-1', 'm2', 'on the stale revision')],
          },
        }),
      (answer) => answer.status !== 404,
      2000,
    );
    expect(stale.status).toBe(409);
    const again = await request(url(b, 'messages'), admin, {
      body: { messages: [userMessage('erased-1', 'm1', 'after the erasure')] },
    });
    expect(again.status).toBe(200);
    // A new session: its own SessionStarted, then m1 again.
    const events = await readSessionStream(store, 'acme erased-1');
    expect(events.map((event) => event.type)).toEqual(['SessionStarted', 'UserInputRecorded']);
    const transcript = await request(
      `${url(b, 'transcript')}?minPosition=${again.body['position'] as number}`,
      admin,
    );
    expect([
      transcript.status,
      JSON.stringify(transcript.body).includes('after the erasure'),
      JSON.stringify(transcript.body).includes('before the erasure'),
    ]).toEqual([200, true, false]);
  }, 180_000);

  // Last: it revokes every key of the store.
  it('revoking the last key leaves both nodes closed, never open; `keys create` against the store lets the operator back in', async () => {
    const keys = await KeyRegistry.open(store.client());
    for (const key of keys.list()) await keys.revoke(key.keyId);
    expect(keys.hasActiveKeys()).toBe(false);
    for (const node of [a, b]) {
      const answer = await poll(
        () => request(`${node.url}/v1/whoami`, admin),
        (r) => r.status === 401,
        1000,
      );
      expect(answer.status).toBe(401);
      // No key at all: still 401, not the open server's every scope.
      expect((await request(`${node.url}/v1/whoami`, undefined)).status).toBe(401);
      expect((await request(`${node.url}/v1/sessions`, undefined)).status).toBe(401);
    }
    const run = await runCli(
      ['keys', 'create', '--tenant', 'acme', '--scope', 'read', '--scope', 'admin'],
      cliEnv(),
    );
    expect(run.status).toBe(0);
    const secret = run.stdout.trim();
    for (const node of [a, b]) {
      const answer = await poll(
        () => request(`${node.url}/v1/whoami`, secret),
        (r) => r.status === 200,
        1000,
      );
      expect(answer.status).toBe(200);
    }
  }, 180_000);
});
