import type { Browser, Page } from 'playwright-core';
import { createLedgerClient } from '@agent-ledger/client';
import { startServer, type RunningServer } from '../../apps/server/test/testing/start-server';
import { buildInspector, launchChromium, screenshot, seriousViolations } from './browser';
import { DEMO, fillDemoSessions } from './fill-demo-sessions';

/**
 * The inspector in real Chromium against a running server filled through the API, as a person
 * uses it: open a session from search, expand a pruned result, slide to before a compaction, diff
 * two points, watch a live append arrive; axe on every page.
 */
describe('web inspector', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let inspector: ReturnType<typeof buildInspector>;
  let beforeCompaction: number;

  beforeAll(async () => {
    inspector = buildInspector();
    server = await startServer({ INSPECTOR_DIR: inspector.directory });
    beforeCompaction = (await fillDemoSessions(server.url)).boundaryRevision - 1;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    inspector?.remove();
  });

  test('the session list shows every session, newest activity first, and passes axe', async () => {
    await page.goto(server.url);
    const rows = page.getByRole('table').getByRole('row');
    await expectText(rows.nth(1), DEMO.otherSessionId);
    await expectText(rows.nth(2), DEMO.sessionId);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sessions');
  });

  test('a search result opens its session at the message, and the Why panel says what the model saw', async () => {
    await page.goto(server.url);
    await page.getByLabel('Search messages').fill(DEMO.prunedWord);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expectText(results, `${DEMO.sessionId} · ${DEMO.prunedResultId}`);
    await screenshot(page, 'search');
    await results.getByRole('link', { name: `${DEMO.sessionId} · ${DEMO.prunedResultId}` }).click();

    await page.waitForURL(`**/sessions/${DEMO.sessionId}?message=${DEMO.prunedResultId}`);
    const selected = page.getByRole('article', { name: `tool_result ${DEMO.prunedResultId}` });
    await expect(selected.getAttribute('aria-current')).resolves.toBe('true');
    const why = page.getByRole('list', { name: 'What the model sees now' });
    await expectText(why, `The model does not see it: behind compact boundary ${DEMO.boundaryId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'session');

    // The same question of the past: before the compaction the model saw it, as the pruning's stub.
    await page.goto(
      `${server.url}/sessions/${DEMO.sessionId}?message=${DEMO.prunedResultId}&revision=${beforeCompaction}`,
    );
    await expectText(
      page.getByLabel('What the model saw then'),
      'The model saw it, as message 4, truncated to the stub (pruned)',
    );
    await expectText(
      page.getByRole('list', { name: 'What the model sees now' }),
      'behind compact boundary',
    );
  });

  test('a pruned tool result is a stub that expands to its original', async () => {
    await page.goto(`${server.url}/sessions/${DEMO.sessionId}`);
    const result = page.getByRole('article', { name: `tool_result ${DEMO.prunedResultId}` });
    await expectText(result, 'the model sees a stub');
    expect(await result.innerText()).not.toContain(DEMO.prunedWord);
    await result.getByRole('button', { name: 'Show original' }).click();
    const original = result.getByLabel('Original tool output');
    await original.getByRole('button', { name: /Show all/ }).click();
    await expectText(original, DEMO.prunedWord);
  });

  test('the slider moved to before the compaction shows the earlier context', async () => {
    await page.goto(`${server.url}/sessions/${DEMO.sessionId}`);
    await page.getByRole('button', { name: 'Time travel' }).click();
    const context = page.getByRole('list', { name: 'Model messages' });
    await expectText(context, 'compact_summary');
    expect(await context.innerText()).not.toContain('Why does login fail');

    await page.getByRole('slider').fill(String(beforeCompaction));
    await expectText(
      page.getByRole('heading', { name: /The model’s context/ }),
      `at revision ${beforeCompaction}`,
    );
    await expectText(context, 'Why does login fail');
    expect(await context.innerText()).not.toContain('compact_summary');
    expect(page.url()).toContain(`revision=${beforeCompaction}`);

    await page.getByLabel('AI SDK messages for').check();
    await expectText(page.getByLabel('AI SDK messages', { exact: true }), '"role": "user"');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'time-travel');
  });

  test('the diff of two points says what was truncated, removed by the compaction and added', async () => {
    await page.goto(`${server.url}/sessions/${DEMO.sessionId}?revision=${beforeCompaction - 1}`);
    await page.getByRole('button', { name: 'Pin this point as A' }).click();
    await page.getByRole('slider').fill(String(beforeCompaction));
    const differences = page.getByRole('list', { name: 'Differences' });
    await expectText(differences, `truncated to the stub (pruned): ${DEMO.prunedResultId}`);

    await page.getByLabel('Jump to').selectOption({ index: 0 });
    await expectText(differences, `removed by a compaction: m2 (user_input) by ${DEMO.boundaryId}`);
    await expectText(differences, `added: ${DEMO.summaryId}`);
    await screenshot(page, 'diff');
  });

  test('a message appended by the runtime arrives live', async () => {
    await page.goto(`${server.url}/sessions/${DEMO.otherSessionId}`);
    await expectText(page.getByRole('status').first(), 'live');
    const client = createLedgerClient({ baseUrl: server.url });
    await client.appendMessages(DEMO.otherSessionId, {
      messages: [
        {
          id: 'd3',
          sessionId: DEMO.otherSessionId,
          kind: 'user_input',
          role: 'user',
          content: 'Now add an example of a phrase query.',
        },
      ],
    });
    await expectText(
      page.getByRole('article', { name: 'user_input d3' }),
      'Now add an example of a phrase query.',
    );
  });

  test('a long transcript is windowed: a deep link shows its message with a few dozen rows in the page', async () => {
    const client = createLedgerClient({ baseUrl: server.url });
    for (let start = 0; start < 2000; start += 500) {
      await client.appendMessages('demo-long', {
        messages: Array.from({ length: 500 }, (_unused, offset) => ({
          id: `m${start + offset}`,
          sessionId: 'demo-long',
          kind: 'user_input' as const,
          role: 'user' as const,
          content: `Message number ${start + offset} of a long session.`,
        })),
      });
    }
    await page.goto(`${server.url}/sessions/demo-long?message=m1500`);
    const target = page.getByRole('article', { name: 'user_input m1500' });
    await expectText(target, 'Message number 1500 of a long session.');
    // On screen, not only in the page: the list scrolled to it.
    const box = await target.boundingBox();
    expect(box !== null && box.y >= 0 && box.y < 900).toBe(true);
    await expectText(page.getByRole('status').first(), '2,000 messages');
    expect(await page.getByRole('article').count()).toBeLessThan(100);
    // Scrolling to the end with the wheel brings the last rows in.
    await page.getByRole('region', { name: 'Transcript messages (scrollable)' }).hover();
    for (let turn = 0; turn < 20; turn += 1) await page.mouse.wheel(0, 20_000);
    await expectText(
      page.getByRole('article', { name: 'user_input m1999' }),
      'Message number 1999',
    );
  });

  test('analytics for the session and across sessions are charts with their numbers', async () => {
    await page.goto(`${server.url}/sessions/${DEMO.sessionId}`);
    await page.getByRole('button', { name: 'Analytics' }).click();
    const tools = page.getByRole('figure').filter({ hasText: 'Tool calls and errors by tool' });
    await expectText(tools.getByRole('row', { name: /Grep/ }), '1');
    const perCall = page.getByRole('figure').filter({ hasText: 'Tokens per model call' });
    await expectText(perCall, '1,800');
    // The chart's own legend gives the numbers under the pointer: the first call's at its left.
    const box = await perCall.getByRole('img').boundingBox();
    if (box === null) throw new Error('the chart is not on screen');
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await expectText(perCall.getByRole('row', { name: /input tokens/ }), '1,800');
    const pruning = page.getByRole('figure').filter({ hasText: 'What each pruning saved' });
    const saved = await page.getByText(/characters in 1 tool result$/).innerText();
    await expectText(pruning, saved.split(' ')[0] ?? '?');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Analytics' }).click();
    const tokens = page.getByRole('figure').filter({ hasText: 'Tokens by day' });
    // The model calls were recorded today (the store's time): 1,800 + 950 input tokens.
    await expectText(tokens, '2,750');
    expect(await tokens.locator('canvas').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics');
  });
});

/** Waits (up to 10 s) until the element's text contains `text`, and fails with what it had. */
async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
  } catch {
    const had = await locator
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => '(no such element)');
    throw new Error(
      `Expected ${String(locator)} to contain ${JSON.stringify(text)}; it had:\n${had.slice(0, 2000)}`,
    );
  }
}
