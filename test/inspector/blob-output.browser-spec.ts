import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

const SESSION = 'build-log';
/** A session whose user pasted the log and whose agent wrote it to a file. */
const TEXT_SESSION = 'pasted-log';
/** About 400 KB of build log, past the blob threshold: the server keeps it as a blob. */
const LOG = `${Array.from(
  { length: 10000 },
  (_, line) => `[${String(line).padStart(5, '0')}] compiling module-${line}.ts … ok`,
).join('\n')}\nBUILD FINISHED: 10000 modules, 0 errors\n`;
const LOG_BYTES = Buffer.byteLength(LOG);

/**
 * A big tool output in the inspector, as a person reads it: the transcript shows its preview and
 * its size, "Load more" brings the next part, "Load whole output" the rest, down to its last line.
 */
describe('web inspector: a big tool output loads on demand', () => {
  const setup = withInspector({
    fill: async (server) => {
      const client = createLedgerClient({ baseUrl: server.url });
      await client.appendMessages(SESSION, {
        messages: [
          {
            id: 'c1',
            sessionId: SESSION,
            kind: 'tool_call',
            role: 'assistant',
            createdAt: '2026-04-08T09:00:00Z',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'Bash',
                input: { command: 'make' },
              },
            ],
          },
          {
            id: 'r1',
            sessionId: SESSION,
            kind: 'tool_result',
            role: 'tool',
            createdAt: '2026-04-08T09:00:05Z',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call-1',
                toolName: 'Bash',
                output: { type: 'text', value: LOG },
              },
            ],
          },
        ] as RuntimeMessageInput[],
      });
      await client.appendMessages(TEXT_SESSION, {
        messages: [
          {
            id: 'u1',
            sessionId: TEXT_SESSION,
            kind: 'user_input',
            role: 'user',
            createdAt: '2026-04-08T09:00:00Z',
            content: LOG,
          },
          {
            id: 'c1',
            sessionId: TEXT_SESSION,
            kind: 'tool_call',
            role: 'assistant',
            createdAt: '2026-04-08T09:00:01Z',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'Write',
                input: { file_path: 'build.log', content: LOG },
              },
            ],
          },
        ] as RuntimeMessageInput[],
      });
    },
  });

  test(
    'shows the preview, then loads more, then the whole output',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${SESSION}`);
      const status = setup.page.getByRole('status').filter({ hasText: 'byte' });
      await expectText(status, `Preview of a ${LOG_BYTES.toLocaleString('en-US')}-byte output.`);
      const output = setup.page.locator('.blob-output pre');
      await expectText(output, '[00000] compiling module-0.ts');
      expect(await output.innerText()).not.toContain('BUILD FINISHED');
      expect(await seriousViolations(setup.page)).toEqual([]);

      await setup.page.getByRole('button', { name: 'Load more' }).click();
      await expectText(
        status,
        `Showing ${(256 * 1024).toLocaleString('en-US')} of ${LOG_BYTES.toLocaleString('en-US')} bytes.`,
      );
      expect(await output.innerText()).not.toContain('BUILD FINISHED');

      await setup.page.getByRole('button', { name: 'Load whole output' }).click();
      await expectText(status, `Whole output: ${LOG_BYTES.toLocaleString('en-US')} bytes.`);
      await expectText(output, 'BUILD FINISHED: 10000 modules, 0 errors');
      expect(await output.innerText()).toBe(LOG);
      expect(await setup.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      await screenshot(setup.page, 'blob-output');
    },
    TEST_MS,
  );

  test(
    'a pasted text and a written file kept as blobs show their previews and load whole on demand',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${TEXT_SESSION}`);
      const size = LOG_BYTES.toLocaleString('en-US');
      const text = setup.page.getByRole('status').filter({ hasText: / text[:.]/ });
      await expectText(text, `Preview of a ${size}-byte text.`);
      await expectText(setup.page.getByText('build.log'), 'build.log');
      const input = setup.page.getByRole('status').filter({ hasText: 'input value' });
      await expectText(input, `Preview of a ${size}-byte input value.`);
      expect(await seriousViolations(setup.page)).toEqual([]);

      const pasted = setup.page.locator('.blob-output').filter({ has: text });
      await setup.page.getByRole('button', { name: 'Load whole text' }).click();
      await expectText(text, `Whole text: ${size} bytes.`);
      expect(await pasted.locator('pre').innerText()).toBe(LOG);

      // The whole text is long: the file's row is read afresh, from the top.
      await setup.page.reload();
      const written = setup.page.locator('.tool-input-blob .blob-output');
      await expectText(input, `Preview of a ${size}-byte input value.`);
      await setup.page.getByRole('button', { name: 'Load whole input value' }).click();
      await expectText(input, `Whole input value: ${size} bytes.`);
      expect(await written.locator('pre').innerText()).toBe(LOG);
      await screenshot(setup.page, 'blob-input');
    },
    TEST_MS,
  );
});
