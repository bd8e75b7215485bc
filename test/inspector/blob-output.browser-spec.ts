import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

const SESSION = 'build-log';
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
});
