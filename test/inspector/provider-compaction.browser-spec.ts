import { createOpenAIAgentsSession } from '@agent-ledger/client/openai-agents';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

const SESSION_ID = 'agents-compacted';

/**
 * An OpenAI compaction item in real Chromium, as a person reads the transcript: not an empty
 * assistant answer but a provider compaction entry saying who made it, what it stands for and
 * for whom, the user messages it kept marked as copies; the session's analytics count it. The
 * session is written as `OpenAIResponsesCompactionSession` writes it: items, `clearSession()`,
 * then OpenAI's compacted output (the kept user message, then the item).
 */
describe('web inspector: a provider compaction in the transcript', () => {
  const setup = withInspector({
    fill: async (server) => {
      const session = createOpenAIAgentsSession({ baseUrl: server.url, sessionId: SESSION_ID });
      await session.addItems([
        { role: 'user', content: 'What is 2 + 3?' },
        {
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: '2 + 3 = 5' }],
        },
      ]);
      await session.clearSession();
      await session.addItems([
        {
          type: 'message',
          id: 'msg_c1_0',
          role: 'user',
          content: [{ type: 'input_text', text: 'What is 2 + 3?' }],
        },
        { type: 'compaction', id: 'cmp_c1', encrypted_content: 'gAAAA-compacted' },
      ]);
    },
  });

  test(
    'shows the item as a provider compaction over the messages before it, the kept message as a copy, and counts it',
    async () => {
      const { page, server } = setup;
      await page.goto(`${server.url}/sessions/${SESSION_ID}`);
      const entry = page.getByRole('article').filter({
        has: page.getByRole('button', { name: /^Select assistant text/ }),
        hasText: 'Provider compaction',
      });
      await expectText(
        entry,
        'Provider compaction by OpenAI (an encrypted compaction item only OpenAI can read): OpenAI is sent it instead of the 2 messages before it; other providers are sent those messages.',
      );
      const copy = page
        .getByRole('article')
        .filter({ hasText: 'copy kept by a provider compaction' });
      await expectText(copy, 'What is 2 + 3?');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'provider-compaction');

      await page.getByRole('button', { name: 'Analytics' }).click();
      await expectText(page.getByRole('definition'), '0 / 1 (openai)');
    },
    TEST_MS,
  );
});
