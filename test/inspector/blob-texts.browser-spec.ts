import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

const SESSION = 'long-answer';
/** About 300 KB of an answer, past the blob threshold: the server keeps it as a blob. */
const ANSWER = `${Array.from(
  { length: 6000 },
  (_, line) => `Step ${line}: the migration moves table_${line} to the new schema.`,
).join('\n')}\nALL TABLES MOVED\n`;
/** About 150 KB of reasoning, kept as a blob too. */
const REASONING = `${Array.from(
  { length: 3000 },
  (_, line) => `Thought ${line}: check the foreign keys of table_${line}.`,
).join('\n')}\nREADY TO ANSWER\n`;
const size = (text: string) => Buffer.byteLength(text).toLocaleString('en-US');

/**
 * A long answer and a long reasoning kept as blobs, as a person reads them in the session's
 * tree: each shows its preview and size, and "Load whole text" brings it down to its last line.
 */
describe('web inspector: long texts and reasoning kept as blobs load on demand', () => {
  const setup = withInspector({
    fill: async (server) => {
      const client = createLedgerClient({ baseUrl: server.url });
      const base = { sessionId: SESSION, createdAt: '2026-04-08T09:00:00Z' };
      await client.appendMessages(SESSION, {
        messages: [
          { ...base, id: 'u1', kind: 'user_input', role: 'user', content: 'Plan the migration.' },
          {
            ...base,
            id: 'think',
            kind: 'assistant_reasoning',
            role: 'assistant',
            content: [{ type: 'reasoning', text: REASONING }],
          },
          {
            ...base,
            id: 'answer',
            kind: 'assistant_text',
            role: 'assistant',
            content: [{ type: 'text', text: ANSWER }],
          },
        ] as RuntimeMessageInput[],
      });
    },
  });

  test(
    'the answer and the reasoning show their previews, then load whole',
    async () => {
      const { page } = setup;
      await page.goto(`${setup.server.url}/sessions/${SESSION}`);
      const answer = page.getByRole('article', { name: 'assistant_text answer' });
      const answerStatus = answer.getByRole('status');
      await expectText(answerStatus, `Preview of a ${size(ANSWER)}-byte text.`);
      expect(await answer.locator('.blob-output pre').innerText()).not.toContain(
        'ALL TABLES MOVED',
      );
      expect(await seriousViolations(page)).toEqual([]);

      await answer.getByRole('button', { name: 'Load whole text' }).click();
      await expectText(answerStatus, `Whole text: ${size(ANSWER)} bytes.`);
      expect(await answer.locator('.blob-output pre').innerText()).toBe(ANSWER);

      // The reasoning is folded to its first line; opened, it is a blob text like the answer.
      const reasoning = page.getByRole('article', { name: 'assistant_reasoning think' });
      await reasoning.getByText('Thought 0: check the foreign keys of table_0.').first().click();
      const reasoningStatus = reasoning.getByRole('status');
      await expectText(reasoningStatus, `Preview of a ${size(REASONING)}-byte text.`);
      await reasoning.getByRole('button', { name: 'Load whole text' }).click();
      await expectText(reasoningStatus, `Whole text: ${size(REASONING)} bytes.`);
      expect(await reasoning.locator('.blob-output pre').innerText()).toBe(REASONING);
      await screenshot(page, 'blob-texts');
    },
    TEST_MS,
  );
});
