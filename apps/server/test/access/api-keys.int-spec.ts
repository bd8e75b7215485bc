import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Scope } from '@agent-ledger/access';
import { startServer, type RunningServer } from '../testing/start-server';
import {
  call,
  createKey,
  readStreamFor,
  statusWithin,
  userMessage,
  withKeys,
} from './tenancy-fixture';

/** Every /v1 route, the scope it needs, and whether it addresses one session (`S`). */
interface RouteCase {
  name: string;
  scope: Scope;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A session route whose session exists only in the owner's tenant: 404 for any other tenant. */
  ofSession: boolean;
  stream?: boolean;
}

const S = 'owned-1';

const ROUTES: RouteCase[] = [
  { name: 'list sessions', scope: 'read', method: 'GET', path: '/v1/sessions', ofSession: false },
  { name: 'search', scope: 'read', method: 'GET', path: '/v1/search?q=hello', ofSession: false },
  { name: 'analytics', scope: 'read', method: 'GET', path: '/v1/analytics', ofSession: false },
  { name: 'list keys', scope: 'admin', method: 'GET', path: '/v1/keys', ofSession: false },
  {
    name: 'create key',
    scope: 'admin',
    method: 'POST',
    path: '/v1/keys',
    body: { scopes: ['read'] },
    ofSession: false,
  },
  {
    name: 'transcript',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/transcript`,
    ofSession: true,
  },
  {
    name: 'transcript entry',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/transcript/m1`,
    ofSession: true,
  },
  { name: 'debug', scope: 'read', method: 'GET', path: `/v1/sessions/${S}/debug`, ofSession: true },
  {
    name: 'model context',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/model-context?format=ai-sdk&provider=anthropic`,
    ofSession: true,
  },
  {
    name: 'session search',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/search?q=hello`,
    ofSession: true,
  },
  {
    name: 'session analytics',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/analytics`,
    ofSession: true,
  },
  {
    name: 'live transcript',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}/transcript/stream`,
    ofSession: true,
    stream: true,
  },
  {
    name: 'export',
    scope: 'audit',
    method: 'GET',
    path: `/v1/sessions/${S}/export`,
    ofSession: true,
  },
  {
    name: 'raw events',
    scope: 'audit',
    method: 'GET',
    path: `/v1/sessions/${S}/events`,
    ofSession: true,
  },
  {
    name: 'end',
    scope: 'write',
    method: 'POST',
    path: `/v1/sessions/${S}/end`,
    body: { reason: 'done' },
    ofSession: true,
  },
  {
    name: 'session summary',
    scope: 'read',
    method: 'GET',
    path: `/v1/sessions/${S}`,
    ofSession: true,
  },
  {
    name: 'fork',
    scope: 'write',
    method: 'POST',
    path: `/v1/sessions/${S}/forks`,
    body: { sessionId: 'fork-of-owned' },
    ofSession: true,
  },
  {
    name: 'rewind',
    scope: 'write',
    method: 'POST',
    path: `/v1/sessions/${S}/rewinds`,
    body: { toRevision: 0 },
    ofSession: true,
  },
  {
    name: 'prune',
    scope: 'write',
    method: 'POST',
    path: `/v1/sessions/${S}/prunings`,
    body: { messageIds: ['m1'] },
    ofSession: true,
  },
  {
    name: 'erasure receipts',
    scope: 'erase',
    method: 'GET',
    path: '/v1/erasures',
    ofSession: false,
  },
];

describe('API keys: scopes and tenants on every route', () => {
  let server: RunningServer;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    for (const scope of ['read', 'write', 'audit', 'admin', 'erase'] as const) {
      keys[scope] = await createKey(dataDir, 'acme', [scope]);
    }
    keys['owner'] = await createKey(dataDir, 'acme', ['read', 'write', 'audit', 'admin']);
    keys['other'] = await createKey(dataDir, 'globex', ['read', 'write', 'audit', 'admin']);
    server = await startServer({ DATA_DIR: dataDir });
    const appended = await call(`${server.url}/v1/sessions/${S}/messages`, {
      key: keys['owner'],
      body: { messages: [userMessage(S, 'm1', 'hello from acme')] },
    });
    expect(appended.status).toBe(200);
  });

  afterAll(async () => {
    await server.stop();
  });

  const send = (route: RouteCase, key: string | undefined) =>
    route.stream === true && key !== undefined
      ? readStreamFor(`${server.url}${route.path}`, key, 300)
      : call(`${server.url}${route.path}`, {
          ...(key === undefined ? {} : { key }),
          method: route.method,
          ...(route.body === undefined ? {} : { body: route.body }),
        });

  it.each(ROUTES.map((route) => [route.name, route] as const))(
    '%s: 401 without a key or with a bad one, 403 without its scope',
    async (_name, route) => {
      const missing = await send(route, undefined);
      const forged = await send(
        route,
        'alk_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      );
      // `admin` implies `erase`: an erase route's wrong scope is another than both.
      const others = (['read', 'write', 'audit', 'admin', 'erase'] as const).filter(
        (s) => s !== route.scope && !(route.scope === 'erase' && s === 'admin'),
      );
      const wrongScope = await send(route, keys[others[0] ?? 'read']);
      expect([missing.status, forged.status, wrongScope.status]).toEqual([401, 401, 403]);
      expect(JSON.parse(missing.text)).toMatchObject({ code: 'Unauthorized' });
      expect(JSON.parse(wrongScope.text)).toMatchObject({ code: 'Forbidden' });
      expect((JSON.parse(wrongScope.text) as { message: string }).message).toContain(
        `"${route.scope}"`,
      );
    },
  );

  it.each(ROUTES.filter((route) => route.ofSession).map((route) => [route.name, route] as const))(
    "%s: another tenant's session is 404, as if it did not exist",
    async (_name, route) => {
      const answer = await send(route, keys['other']);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'SessionNotFound' });
    },
  );

  it.each(
    ROUTES.filter((route) => route.method === 'GET').map((route) => [route.name, route] as const),
  )('%s: answers 200 to a key with its scope', async (_name, route) => {
    const answer = await send(route, keys[route.scope]);
    expect(answer.status).toBe(200);
  });

  it('admin implies erase: an admin key lists the erasure receipts, a read key may not', async () => {
    expect((await call(`${server.url}/v1/erasures`, { key: keys['admin'] })).status).toBe(200);
    expect((await call(`${server.url}/v1/erasures`, { key: keys['read'] })).status).toBe(403);
  });

  it('whoami answers any valid key, whatever its scopes, with who it is; no key is 401', async () => {
    expect((await call(`${server.url}/v1/whoami`)).status).toBe(401);
    for (const scope of ['read', 'write', 'audit', 'admin', 'erase'] as const) {
      const answer = await call(`${server.url}/v1/whoami`, { key: keys[scope] });
      expect({ status: answer.status, body: JSON.parse(answer.text) as unknown }).toEqual({
        status: 200,
        body: {
          auth: 'keys',
          tenant: 'acme',
          keyId: (keys[scope] ?? '').split('_')[1],
          scopes: [scope],
        },
      });
    }
  });

  it('a write key appends; the key id is in the metadata of every event it wrote', async () => {
    const key = keys['write'] ?? '';
    const appended = await call(`${server.url}/v1/sessions/written-by-key/messages`, {
      key,
      body: {
        messages: [
          userMessage('written-by-key', 'w1', 'one'),
          userMessage('written-by-key', 'w2', 'two'),
        ],
      },
    });
    expect(appended.status).toBe(200);
    const events = JSON.parse(
      (await call(`${server.url}/v1/sessions/written-by-key/events`, { key: keys['audit'] })).text,
    ) as { events: Array<{ metadata: Record<string, unknown> }> };
    const keyId = key.split('_')[1];
    expect(events.events.length).toBeGreaterThan(0);
    expect(events.events.map((event) => event.metadata['keyId'])).toEqual(
      events.events.map(() => keyId),
    );
  });

  it('a fork needs read and write (a write-only key is 403 naming read), and is made in the caller’s tenant', async () => {
    const writeOnly = await call(`${server.url}/v1/sessions/${S}/forks`, {
      key: keys['write'],
      body: { sessionId: 'fork-by-writer' },
    });
    expect(writeOnly.status).toBe(403);
    expect(JSON.parse(writeOnly.text)).toMatchObject({ code: 'Forbidden' });
    expect((JSON.parse(writeOnly.text) as { message: string }).message).toContain('"read"');
    const forked = await call(`${server.url}/v1/sessions/${S}/forks`, {
      key: keys['owner'],
      body: { sessionId: 'fork-by-owner' },
    });
    expect(forked.status).toBe(201);
    expect(JSON.parse(forked.text)).toMatchObject({
      sessionId: 'fork-by-owner',
      forkedFrom: { sessionId: S, revision: 1 },
    });
    const ofOwner = await call(`${server.url}/v1/sessions/fork-by-owner/model-context`, {
      key: keys['owner'],
    });
    expect(ofOwner.text).toContain('hello from acme');
    const ofOther = await call(`${server.url}/v1/sessions/fork-by-owner`, { key: keys['other'] });
    expect(ofOther.status).toBe(404);
  });

  it('the same session id in two tenants is two sessions', async () => {
    const id = 'same-id';
    for (const [key, text] of [
      [keys['owner'], 'acme words'],
      [keys['other'], 'globex words'],
    ] as const) {
      const answer = await call(`${server.url}/v1/sessions/${id}/messages`, {
        key,
        body: { messages: [userMessage(id, 'x1', text)] },
      });
      expect(answer.status).toBe(200);
    }
    const ofAcme = await call(`${server.url}/v1/sessions/${id}/model-context`, {
      key: keys['owner'],
    });
    const ofGlobex = await call(`${server.url}/v1/sessions/${id}/model-context`, {
      key: keys['other'],
    });
    expect([ofAcme.text.includes('acme words'), ofAcme.text.includes('globex words')]).toEqual([
      true,
      false,
    ]);
    expect([ofGlobex.text.includes('globex words'), ofGlobex.text.includes('acme words')]).toEqual([
      true,
      false,
    ]);
  });

  it('a key created while the server runs works at once; a revoked key is refused within a second', async () => {
    await withKeys(server.dataDir, async (keys) => {
      const { key, secret } = await keys.create({ tenant: 'acme', scopes: ['read'] });
      // A key id the server does not know yet is looked up in the store on the request itself.
      expect((await call(`${server.url}/v1/whoami`, { key: secret })).status).toBe(200);
      await keys.revoke(key.keyId);
      // A revocation through another process is followed within a second.
      const deadline = Date.now() + 1000;
      let status = 200;
      while (status !== 401 && Date.now() < deadline) {
        status = (await call(`${server.url}/v1/whoami`, { key: secret })).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
    });
  });

  it("an admin key manages its own tenant's keys only, and the secret is shown once", async () => {
    const admin = keys['admin'] ?? '';
    const created = await call(`${server.url}/v1/keys`, {
      key: admin,
      body: { scopes: ['read', 'write'], name: 'ci runner' },
    });
    expect(created.status).toBe(200);
    const { key, secret } = JSON.parse(created.text) as {
      key: { keyId: string; tenant: string };
      secret: string;
    };
    expect(key.tenant).toBe('acme');
    const listed = JSON.parse((await call(`${server.url}/v1/keys`, { key: admin })).text) as {
      keys: Array<{ keyId: string; tenant: string }>;
    };
    expect(listed.keys.every((listedKey) => listedKey.tenant === 'acme')).toBe(true);
    expect(listed.keys.map((listedKey) => listedKey.keyId)).toContain(key.keyId);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(secret.indexOf('_', 4) + 1));
    const foreign = await call(`${server.url}/v1/keys/${key.keyId}`, {
      key: keys['other'],
      method: 'DELETE',
    });
    expect(foreign.status).toBe(404);
    const revoked = await call(`${server.url}/v1/keys/${key.keyId}`, {
      key: admin,
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect((await call(`${server.url}/v1/whoami`, { key: secret })).status).toBe(401);
  });

  it('a key without audit reads redacted views and cannot ask for raw search; audit reads raw', async () => {
    const secretText = 'deploy with AWS key AKIAIOSFODNN7EXAMPLE and password=hunter2hunter2';
    const id = 'with-secret';
    const appended = await call(`${server.url}/v1/sessions/${id}/messages`, {
      key: keys['owner'],
      body: { messages: [userMessage(id, 's1', secretText)] },
    });
    // Read-your-writes: the read models answer once the runner has reached the append.
    const { position } = JSON.parse(appended.text) as { position: number };
    const views = [
      'transcript',
      'transcript/s1',
      'debug',
      'model-context',
      'model-context?format=ai-sdk&provider=openai',
    ];
    for (const view of views) {
      const at = `${view}${view.includes('?') ? '&' : '?'}minPosition=${position}`;
      const redacted = await call(`${server.url}/v1/sessions/${id}/${at}`, { key: keys['read'] });
      const raw = await call(`${server.url}/v1/sessions/${id}/${at}`, { key: keys['owner'] });
      expect({
        view,
        redacted: redacted.text.includes('AKIAIOSFODNN7EXAMPLE'),
        marked: redacted.text.includes('[REDACTED]'),
      }).toEqual({ view, redacted: false, marked: true });
      expect({ view, raw: raw.text.includes('AKIAIOSFODNN7EXAMPLE') }).toEqual({ view, raw: true });
    }
    const live = await readStreamFor(
      `${server.url}/v1/sessions/${id}/transcript/stream?afterRevision=-1`,
      keys['read'] ?? '',
      400,
    );
    expect([live.text.includes('[REDACTED]'), live.text.includes('AKIAIOSFODNN7EXAMPLE')]).toEqual([
      true,
      false,
    ]);
    const rawSearch = await call(`${server.url}/v1/search?q=deploy&raw=true`, {
      key: keys['read'],
    });
    expect(rawSearch.status).toBe(403);
    const auditSearch = await call(`${server.url}/v1/search?q=deploy&raw=true`, {
      key: keys['owner'],
    });
    expect(auditSearch.text).toContain('AKIAIOSFODNN7EXAMPLE');
  });
});

/** The status of `url` once it is `wanted`, or the last one seen when `ms` have passed. */
describe('an open server', () => {
  it('needs no key on loopback, and requires one as soon as a key exists', async () => {
    const server = await startServer();
    try {
      const open = await call(`${server.url}/v1/whoami`);
      expect(JSON.parse(open.text)).toEqual({
        auth: 'open',
        tenant: 'default',
        keyId: null,
        scopes: ['read', 'write', 'audit', 'admin', 'erase'],
      });
      const secret = await createKey(server.dataDir, 'default', ['read']);
      // The server follows the keys in its event store: closed within a second.
      expect(await statusWithin(1000, `${server.url}/v1/whoami`, 401)).toBe(401);
      expect((await call(`${server.url}/v1/whoami`, { key: secret })).status).toBe(200);
      expect((await call(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses to bind beyond loopback without a key, saying how to create one', async () => {
    await expect(startServer({ HOST: '0.0.0.0' })).rejects.toThrow(
      /no API key exists[\s\S]*keys create --tenant/,
    );
  });

  it('binds beyond loopback once a key exists, and then requires it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    const secret = await createKey(dataDir, 'acme', ['read']);
    const server = await startServer({ HOST: '0.0.0.0', DATA_DIR: dataDir });
    try {
      const url = server.url.replace('localhost', '127.0.0.1');
      expect((await call(`${url}/v1/whoami`)).status).toBe(401);
      expect((await call(`${url}/v1/whoami`, { key: secret })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('rate limits per key', () => {
  it('counts each key apart: one key at its limit gets 429 with Retry-After, another still answers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    const first = await createKey(dataDir, 'acme', ['read']);
    const second = await createKey(dataDir, 'acme', ['read']);
    const server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await call(`${server.url}/v1/whoami`, { key: first })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await fetch(`${server.url}/v1/whoami`, {
        headers: { authorization: `Bearer ${first}` },
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(`${server.url}/v1/whoami`, { key: second })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
