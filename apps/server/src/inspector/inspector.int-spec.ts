import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../test/testing/start-server';

/** The inspector's files beside the API: its pages, its assets, and nothing that shadows `/v1`. */
describe('serving the inspector', () => {
  const built = mkdtempSync(path.join(tmpdir(), 'agent-ledger-inspector-files-'));
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(path.join(built, 'assets'));
    writeFileSync(path.join(built, 'index.html'), '<!doctype html><title>inspector</title>');
    writeFileSync(path.join(built, 'assets', 'index-abc123.js'), 'console.log(1)');
    server = await startServer({ INSPECTOR_DIR: built });
  });

  afterAll(async () => {
    await server.stop();
    rmSync(built, { recursive: true, force: true });
  });

  test.each(['/', '/sessions/s1', '/sessions/%E7%99%BB%E5%BD%95', '/analytics'])(
    '%s is the app, never cached',
    async (page) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe('<!doctype html><title>inspector</title>');
    },
  );

  test('a hashed asset is cached for good', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('the API, its docs and health are untouched; an unknown path is still the JSON 404', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/docs/openapi.json`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/v1/sessions`)).json()).toEqual({
      sessions: [],
      nextCursor: null,
    });
    const unknown = await fetch(`${server.url}/sessions/s1/more`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('NotFound');
  });
});

describe('before the inspector is built', () => {
  test('/ says how to build it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'agent-ledger-inspector-none-'));
    const server = await startServer({ INSPECTOR_DIR: empty });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run inspector:build');
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
