import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLedgerClient } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';
import { DEMO, fillDemoSessions } from './fill-demo-sessions';

const root = path.resolve(__dirname, '..', '..');
const SECRET = 'sk-ant-api03-inspectorTestSecretValue0123';

/**
 * Signing in to a server that requires keys (created with the CLI, as an operator would): the
 * inspector asks for a key, shows what its tenant and scopes allow, redacts without `audit`, and
 * never shows another tenant's session.
 */
describe('web inspector with API keys', () => {
  let acmeReader: string;
  let acmeAuditor: string;
  let acmeWriter: string;
  let globexWriter: string;

  const setup = withInspector({
    env: () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-inspector-keys-'));
      acmeWriter = createKey(dataDir, 'acme', ['read', 'write']);
      acmeReader = createKey(dataDir, 'acme', ['read']);
      acmeAuditor = createKey(dataDir, 'acme', ['read', 'audit']);
      globexWriter = createKey(dataDir, 'globex', ['read', 'write']);
      return { DATA_DIR: dataDir };
    },
    fill: async (server) => {
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
    },
  });

  test(
    'without a key the inspector asks for one; a wrong key is refused',
    async () => {
      await setup.page.goto(setup.server.url);
      await setup.page.getByLabel('API key').waitFor();
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'login');
      await setup.page.getByLabel('API key').fill('not-a-key');
      await setup.page.getByRole('button', { name: 'Sign in' }).click();
      await setup.page.getByRole('alert').filter({ hasText: 'That key was refused.' }).waitFor();
    },
    TEST_MS,
  );

  test(
    "a read key sees its tenant's sessions only, redacted, and not another tenant's session",
    async () => {
      await setup.page.getByLabel('API key').fill(acmeReader);
      await setup.page.getByRole('button', { name: 'Sign in' }).click();
      await setup.page.getByText('tenant acme').waitFor();
      expect(await setup.page.getByText('read · redacted').count()).toBe(1);
      const table = setup.page.getByRole('table');
      await table.getByRole('link', { name: DEMO.sessionId }).waitFor();
      expect(await table.getByRole('link', { name: 'globex-private' }).count()).toBe(0);

      // Without the audit scope the session still reads as a tree of model calls.
      await table.getByRole('link', { name: DEMO.sessionId }).click();
      const call = setup.page.getByRole('group', { name: 'Model call 1' });
      await expectText(call, 'claude-sonnet-4-5');
      await expectText(call, '1,800 in');
      await expectText(call, '1.84 s');
      await expectText(call, '$0.0061');

      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.otherSessionId}`);
      const message = setup.page.getByRole('article', { name: 'user_input d9' });
      await message.getByText('[REDACTED]').waitFor();
      expect(await message.innerText()).not.toContain(SECRET);
      // Exports need the audit scope: the buttons are not offered.
      expect(await setup.page.getByRole('button', { name: 'Export JSON' }).count()).toBe(0);
      expect(
        await setup.page.getByRole('button', { name: 'Copy as AI SDK messages' }).count(),
      ).toBe(1);

      await setup.page.goto(`${setup.server.url}/sessions/globex-private`);
      await setup.page
        .getByRole('alert')
        .filter({ hasText: 'No session “globex-private” here' })
        .first()
        .waitFor();
      expect(await setup.page.getByText('Globex only.').count()).toBe(0);
    },
    TEST_MS,
  );

  test(
    'the key stays for the tab; an audit key sees the secret and may export',
    async () => {
      await setup.page.reload();
      await setup.page.getByText('tenant acme').waitFor();
      await setup.page.getByRole('button', { name: 'Sign out' }).click();
      await setup.page.getByLabel('API key').fill(acmeAuditor);
      await setup.page.getByRole('button', { name: 'Sign in' }).click();
      await setup.page.getByText('tenant acme').waitFor();
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.otherSessionId}`);
      await setup.page.getByRole('article', { name: 'user_input d9' }).getByText(SECRET).waitFor();
      await setup.page.getByRole('button', { name: 'Export JSON' }).waitFor();
    },
    TEST_MS,
  );

  test(
    "the other tenant's key sees its own session and none of the first tenant's",
    async () => {
      await setup.page.getByRole('button', { name: 'Sign out' }).click();
      await setup.page.getByLabel('API key').fill(globexWriter);
      await setup.page.getByRole('button', { name: 'Sign in' }).click();
      await setup.page.getByText('tenant globex').waitFor();
      await setup.page.goto(setup.server.url);
      await setup.page.getByRole('table').getByRole('link', { name: 'globex-private' }).waitFor();
      expect(await setup.page.getByRole('link', { name: DEMO.sessionId }).count()).toBe(0);
      await setup.page.getByLabel('Search messages').fill(DEMO.prunedWord);
      await setup.page.getByRole('button', { name: 'Search' }).click();
      await setup.page.getByText('No message matches.').waitFor();
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
