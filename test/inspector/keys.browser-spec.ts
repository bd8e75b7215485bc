import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLedgerClient } from '@agent-ledger/client';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../apps/server/test/testing/start-server';
import {
  buildInspector,
  expectText,
  launchChromium,
  openPage,
  screenshot,
  seriousViolations,
  SERVER_START_MS,
  SETUP_MS,
  TEST_MS,
} from './browser';
import { DEMO, fillDemoSessions } from './fill-demo-sessions';

const root = path.resolve(__dirname, '..', '..');
const SECRET = 'sk-ant-api03-inspectorTestSecretValue0123';

/**
 * Signing in to a server that requires keys (created with the CLI, as an operator would): the
 * inspector asks for a key, shows what its tenant and scopes allow, redacts without `audit`, and
 * never shows another tenant's session.
 */
describe('web inspector with API keys', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let inspector: ReturnType<typeof buildInspector>;
  let acmeReader: string;
  let acmeAuditor: string;
  let globexWriter: string;

  beforeAll(async () => {
    inspector = buildInspector();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-inspector-keys-'));
    const acmeWriter = createKey(dataDir, 'acme', ['read', 'write']);
    acmeReader = createKey(dataDir, 'acme', ['read']);
    acmeAuditor = createKey(dataDir, 'acme', ['read', 'audit']);
    globexWriter = createKey(dataDir, 'globex', ['read', 'write']);
    server = await startServer(
      { DATA_DIR: dataDir, INSPECTOR_DIR: inspector.directory },
      { startTimeoutMs: SERVER_START_MS },
    );
    await fillDemoSessions(server.url, acmeWriter);
    await createLedgerClient({ baseUrl: server.url, apiKey: acmeWriter }).appendMessages(
      DEMO.otherSessionId,
      {
        messages: [
          {
            id: 'd9',
            sessionId: DEMO.otherSessionId,
            kind: 'user_input',
            role: 'user',
            content: `Use the key ${SECRET} for the docs build.`,
          },
        ],
      },
    );
    await createLedgerClient({ baseUrl: server.url, apiKey: globexWriter }).appendMessages(
      'globex-private',
      {
        messages: [
          {
            id: 'g1',
            sessionId: 'globex-private',
            kind: 'user_input',
            role: 'user',
            content: 'Globex only.',
          },
        ],
      },
    );
    browser = await launchChromium();
    page = await openPage(browser);
  }, SETUP_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    inspector?.remove();
  });

  test(
    'without a key the inspector asks for one; a wrong key is refused',
    async () => {
      await page.goto(server.url);
      await page.getByLabel('API key').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'login');
      await page.getByLabel('API key').fill('not-a-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'That key was refused.' }).waitFor();
    },
    TEST_MS,
  );

  test(
    "a read key sees its tenant's sessions only, redacted, and not another tenant's session",
    async () => {
      await page.getByLabel('API key').fill(acmeReader);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('tenant acme').waitFor();
      expect(await page.getByText('read · redacted').count()).toBe(1);
      const table = page.getByRole('table');
      await table.getByRole('link', { name: DEMO.sessionId }).waitFor();
      expect(await table.getByRole('link', { name: 'globex-private' }).count()).toBe(0);

      // Without the audit scope the session still reads as a tree of model calls.
      await table.getByRole('link', { name: DEMO.sessionId }).click();
      const call = page.getByRole('group', { name: 'Model call 1' });
      await expectText(call, 'claude-sonnet-4-5');
      await expectText(call, '1,800 in');
      await expectText(call, '1.84 s');
      await expectText(call, '$0.0061');

      await page.goto(`${server.url}/sessions/${DEMO.otherSessionId}`);
      const message = page.getByRole('article', { name: 'user_input d9' });
      await message.getByText('[REDACTED]').waitFor();
      expect(await message.innerText()).not.toContain(SECRET);
      // Exports need the audit scope: the buttons are not offered.
      expect(await page.getByRole('button', { name: 'Export JSON' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Copy as AI SDK messages' }).count()).toBe(1);

      await page.goto(`${server.url}/sessions/globex-private`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'No session “globex-private” here' })
        .first()
        .waitFor();
      expect(await page.getByText('Globex only.').count()).toBe(0);
    },
    TEST_MS,
  );

  test(
    'the key stays for the tab; an audit key sees the secret and may export',
    async () => {
      await page.reload();
      await page.getByText('tenant acme').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key').fill(acmeAuditor);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('tenant acme').waitFor();
      await page.goto(`${server.url}/sessions/${DEMO.otherSessionId}`);
      await page.getByRole('article', { name: 'user_input d9' }).getByText(SECRET).waitFor();
      await page.getByRole('button', { name: 'Export JSON' }).waitFor();
    },
    TEST_MS,
  );

  test(
    "the other tenant's key sees its own session and none of the first tenant's",
    async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key').fill(globexWriter);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('tenant globex').waitFor();
      await page.goto(server.url);
      await page.getByRole('table').getByRole('link', { name: 'globex-private' }).waitFor();
      expect(await page.getByRole('link', { name: DEMO.sessionId }).count()).toBe(0);
      await page.getByLabel('Search messages').fill(DEMO.prunedWord);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('No message matches.').waitFor();
    },
    TEST_MS,
  );
});

/** `agent-ledger keys create` as an operator runs it; answers the secret it prints once. */
function createKey(dataDir: string, tenant: string, scopes: string[]): string {
  const result = spawnSync(
    process.execPath,
    [
      '-r',
      path.join(root, 'scripts', 'ts-register.js'),
      path.join(root, 'apps', 'cli', 'src', 'main.ts'),
      'keys',
      'create',
      '--tenant',
      tenant,
      ...scopes.flatMap((scope) => ['--scope', scope]),
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`keys create failed: ${result.stderr}`);
  return result.stdout.trim();
}
