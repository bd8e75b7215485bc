import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

const SOURCE = 'trip-planning';
const FORK = 'trip-planning-alt';

/**
 * A session's lifecycle in the inspector, as a person does it: select a message and fork a new
 * session from it, rewind the session to an earlier message and see what came after it as an
 * abandoned branch, find the fork's lineage in the list, and erase the fork after a confirmation
 * that says what goes.
 */
describe('web inspector: fork, rewind and erase', () => {
  const setup = withInspector({
    fill: async (server) => {
      const client = createLedgerClient({ baseUrl: server.url });
      const message = (id: string, kind: 'user_input' | 'assistant_text', text: string) =>
        ({
          id,
          sessionId: SOURCE,
          kind,
          role: kind === 'user_input' ? 'user' : 'assistant',
          content: text,
          createdAt: '2026-04-08T09:00:00Z',
        }) as RuntimeMessageInput;
      await client.appendMessages(SOURCE, {
        messages: [
          message('u1', 'user_input', 'Plan three days in Lisbon.'),
          message('a1', 'assistant_text', 'Day one: Alfama and the castle.'),
        ],
      });
      await client.appendMessages(SOURCE, {
        messages: [
          message('u2', 'user_input', 'Make it Porto instead.'),
          message('a2', 'assistant_text', 'Day one: Ribeira and the bridge.'),
        ],
      });
    },
  });

  test(
    'forking from a message opens a new session that starts with the context up to it',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${SOURCE}`);
      // The whole message selects it: a click on its text.
      await entry('assistant_text a1').getByText('Alfama').click();
      await entry('assistant_text a1').getByRole('button', { name: 'Fork from here' }).click();
      await setup.page.getByLabel('New session id').fill(FORK);
      await setup.page.getByRole('button', { name: 'Fork', exact: true }).click();

      await setup.page.waitForURL(`**/sessions/${FORK}`);
      await expectText(setup.page.locator('.lineage'), `Forked from ${SOURCE} at revision`);
      await expectText(entry('assistant_text a1'), 'Alfama');
      expect(await setup.page.getByRole('article', { name: 'user_input u2' }).count()).toBe(0);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'fork');

      await setup.page.goto(setup.server.url);
      await expectText(
        setup.page.getByRole('row', { name: new RegExp(FORK) }),
        `forked from ${SOURCE} at revision`,
      );
    },
    TEST_MS,
  );

  test(
    'rewinding to a message leaves what came after it on an abandoned branch',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${SOURCE}`);
      await entry('assistant_text a1').getByText('Alfama').click();
      await entry('assistant_text a1').getByRole('button', { name: 'Rewind to here' }).click();
      await setup.page.getByRole('button', { name: 'Rewind', exact: true }).click();

      await expectText(entry('user_input u2 (rewound)'), 'abandoned branch (rewound)');
      await expectText(entry('assistant_text a2 (rewound)'), 'Ribeira');
      // a1 stays on the line: not marked rewound (the rewind's own notice, "Rewound to a1: …
      // abandoned branch", may still show in its entry on a slow machine).
      expect(await entry('assistant_text a1').innerText()).not.toContain('(rewound)');
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'rewind');

      await setup.page.getByRole('button', { name: 'Time travel' }).click();
      const context = setup.page.getByRole('list', { name: 'Model messages' });
      await expectText(context, 'Alfama');
      expect(await context.innerText()).not.toContain('Porto');
    },
    TEST_MS,
  );

  test(
    'erasing asks for the session id, lists what goes, and the session is gone afterwards',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${FORK}`);
      await setup.page.getByRole('button', { name: 'Erase session…' }).click();
      const dialog = setup.page.getByRole('dialog', { name: `Erase session ${FORK}?` });
      await expectText(dialog.getByRole('list', { name: 'What the erasure removes' }), 'search');
      const erase = dialog.getByRole('button', { name: 'Erase for good' });
      expect(await erase.isDisabled()).toBe(true);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'erase');
      await dialog.getByLabel('Type the session id to confirm').fill(FORK);
      await erase.click();

      await setup.page.waitForURL('**/?erased=*');
      await expectText(setup.page.getByRole('status').first(), 'Session erased');
      await expectText(setup.page.getByRole('table'), SOURCE);
      expect(await setup.page.getByRole('row', { name: new RegExp(`^${FORK}`) }).count()).toBe(0);
      await setup.page.goto(`${setup.server.url}/sessions/${FORK}`);
      await expectText(setup.page.getByRole('alert'), `No session “${FORK}” here`);
      await expectText(setup.page.getByRole('heading', { level: 1 }), 'Session not found');
    },
    TEST_MS,
  );

  function entry(name: string) {
    return setup.page.getByRole('article', { name });
  }
});
