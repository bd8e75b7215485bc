import type { Page } from 'playwright-core';
import { createLedgerClient } from '@agent-ledger/client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';
import { DEMO, fillDemoSessions } from './fill-demo-sessions';

/**
 * The inspector in real Chromium against a running server filled through the API, as a person
 * uses it: open a session from search and read why the model does not see a message, read the
 * session as a tree of model calls with each tool call and its result together, expand a pruned
 * result, travel back to just before the compaction and watch the transcript move with it, diff
 * two points, watch a live append arrive; axe on every page, light and dark.
 */
describe('web inspector', () => {
  let beforeCompaction: number;

  const setup = withInspector({
    fill: async (server) => {
      beforeCompaction = (await fillDemoSessions(server.url)).boundaryRevision - 1;
    },
  });

  test(
    'the session list shows every session, newest activity first, and passes axe',
    async () => {
      await setup.page.goto(setup.server.url);
      const rows = setup.page.getByRole('table').getByRole('row');
      await expectText(rows.nth(1), DEMO.otherSessionId);
      await expectText(rows.nth(2), DEMO.sessionId);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'sessions');
    },
    TEST_MS,
  );

  test(
    'a search result opens its session at the message, and the Why panel gives every reason',
    async () => {
      await setup.page.goto(setup.server.url);
      await setup.page.getByLabel('Search messages').fill(DEMO.prunedWord);
      await setup.page.getByRole('button', { name: 'Search' }).click();
      const results = setup.page.getByRole('list', { name: 'Search results' });
      await expectText(results, `${DEMO.sessionId} · ${DEMO.prunedResultId}`);
      await screenshot(setup.page, 'search');
      await results
        .getByRole('link', { name: `${DEMO.sessionId} · ${DEMO.prunedResultId}` })
        .click();

      await setup.page.waitForURL(`**/sessions/${DEMO.sessionId}?message=${DEMO.prunedResultId}`);
      const selected = setup.page.getByRole('article', {
        name: `tool_result ${DEMO.prunedResultId}`,
      });
      await expect(selected.getAttribute('aria-current')).resolves.toBe('true');
      // Two reasons, both given: behind the compaction's boundary, and pruned before it.
      const why = setup.page.getByRole('list', { name: 'What the model sees now' });
      await expectText(
        why,
        `The model does not see it: behind compact boundary ${DEMO.boundaryId}`,
      );
      await expectText(why, 'Pruned at');
      expect(await why.getByRole('listitem').count()).toBe(2);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'session');

      // The same question of the past: before the compaction the model saw it, as the pruning's stub.
      await setup.page.goto(
        `${setup.server.url}/sessions/${DEMO.sessionId}?message=${DEMO.prunedResultId}&revision=${beforeCompaction}`,
      );
      await expectText(
        setup.page.getByLabel('What the model saw then'),
        'The model saw it, as message 4, truncated to the stub (pruned)',
      );
      await expectText(
        setup.page.getByRole('list', { name: 'What the model sees now' }),
        'behind compact boundary',
      );
    },
    TEST_MS,
  );

  test(
    'the session reads as turns of model calls, each with its tokens, latency and cost where known, and the context it saw',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}`);
      const call = setup.page.getByRole('group', { name: 'Model call 1' });
      await expectText(call, 'claude-sonnet-4-5');
      await expectText(call, '1,800 in');
      await expectText(call, '64 out');
      await expectText(call, '1.84 s');
      await expectText(call, '$0.0061');
      // The review's call recorded neither: it shows no latency and no cost.
      const review = setup.page.getByRole('group', { name: 'Model call 2' });
      await expectText(review, '950 in');
      expect(await review.getByTitle(/latency|cost/).count()).toBe(0);
      // The call's answer sits under it, and the turn that asked for it above both.
      const turn = setup.page.getByRole('article', { name: 'user_input m8' });
      await expectText(turn, 'Turn 2');
      const answer = setup.page.getByRole('article', { name: 'assistant_text gen-1:0' });
      await expectText(answer, 'The fix is in');
      const [turnBox, callBox, answerBox] = await Promise.all(
        [turn, call, answer].map((locator) => locator.boundingBox()),
      );
      expect(turnBox !== null && callBox !== null && answerBox !== null).toBe(true);
      expect(turnBox!.y).toBeLessThan(callBox!.y);
      expect(callBox!.y).toBeLessThan(answerBox!.y);
      // Indented: the answer is a level deeper than its call.
      expect(answerBox!.x).toBeGreaterThan(callBox!.x);

      await call.getByRole('button', { name: /Context it saw/ }).click();
      await setup.page.waitForURL('**call=1');
      await expectText(setup.page.getByRole('region', { name: 'Time travel' }), 'model call 1');
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'call-tree');
    },
    TEST_MS,
  );

  test(
    'a tool call and its result are one item; clicking either, anywhere, selects it',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}`);
      const grep = setup.page.getByRole('article', { name: 'tool_call m5' });
      await expectText(grep, 'Grep');
      const result = grep.getByRole('article', { name: 'tool_result m6' });
      await expectText(result, 'permission denied');
      await expectText(result, 'Error');

      await result.getByText('permission denied').click();
      await setup.page.waitForURL('**message=m6');
      await expectText(setup.page.getByRole('heading', { name: /Why/ }), 'm6');
      await expect(result.getAttribute('aria-current')).resolves.toBe('true');

      await grep.getByText('expiresAt').click();
      await setup.page.waitForURL('**message=m5');
      await expect(grep.getAttribute('aria-current')).resolves.toBe('true');
      await expectText(
        setup.page.getByRole('list', { name: 'What the model sees now' }),
        'behind compact boundary',
      );
    },
    TEST_MS,
  );

  test(
    'a pruned tool result is a stub that expands to its original',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}`);
      const result = setup.page.getByRole('article', {
        name: `tool_result ${DEMO.prunedResultId}`,
      });
      await expectText(result, 'the model sees a stub');
      expect(await result.innerText()).not.toContain(DEMO.prunedWord);
      await result.getByRole('button', { name: 'Show original' }).click();
      const original = result.getByLabel('Original tool output');
      await original.getByRole('button', { name: /Show all/ }).click();
      await expectText(original, DEMO.prunedWord);
    },
    TEST_MS,
  );

  test(
    'time travel to just before the compaction moves the transcript and the context with it',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}`);
      await setup.page.getByRole('button', { name: 'Time travel' }).click();
      const context = setup.page.getByRole('list', { name: 'Model messages' });
      await expectText(context, 'compact_summary');
      expect(await context.innerText()).not.toContain('Why does login fail');

      await setup.page.getByLabel('Jump to').selectOption({
        label: `${beforeCompaction}: Just before the compaction ${DEMO.boundaryId}`,
      });
      await expectText(
        setup.page.getByRole('heading', { name: /The model’s context/ }),
        `at revision ${beforeCompaction}`,
      );
      await expectText(context, 'Why does login fail');
      expect(await context.innerText()).not.toContain('compact_summary');
      expect(setup.page.url()).toContain(`revision=${beforeCompaction}`);
      // The transcript moved with it: a marker at the point, what came after it marked later.
      const marker = setup.page.getByRole('note', { name: 'Time-travel point' });
      await expectText(marker, `revision ${beforeCompaction}`);
      await expectText(
        setup.page.getByRole('article', { name: `compact_boundary ${DEMO.boundaryId}` }),
        'recorded later',
      );
      expect(
        await setup.page.getByRole('article', { name: 'assistant_text m7' }).innerText(),
      ).not.toContain('recorded later');
      const box = await marker.boundingBox();
      expect(box !== null && box.y >= 0 && box.y < 900).toBe(true);

      // Just after the compaction: the summary is in, the earlier turn behind the boundary.
      await setup.page.getByLabel('Jump to').selectOption({
        label: `${beforeCompaction + 2}: Just after the compaction ${DEMO.boundaryId}`,
      });
      await expectText(context, 'compact_summary');
      expect(await context.innerText()).not.toContain('Why does login fail');
      expect(
        await setup.page
          .getByRole('article', { name: `compact_summary ${DEMO.summaryId}` })
          .innerText(),
      ).not.toContain('recorded later');

      await setup.page.getByRole('slider').fill(String(beforeCompaction));
      await expectText(context, 'Why does login fail');
      await setup.page.getByLabel('AI SDK messages for').check();
      await expectText(setup.page.getByLabel('AI SDK messages', { exact: true }), '"role": "user"');
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'time-travel');
    },
    TEST_MS,
  );

  test(
    'the diff of two points says what was truncated, removed by the compaction and added',
    async () => {
      await setup.page.goto(
        `${setup.server.url}/sessions/${DEMO.sessionId}?revision=${beforeCompaction - 1}`,
      );
      await setup.page.getByRole('button', { name: 'Pin this point as A' }).click();
      await setup.page.getByRole('slider').fill(String(beforeCompaction));
      const differences = setup.page.getByRole('list', { name: 'Differences' });
      await expectText(differences, `truncated to the stub (pruned): ${DEMO.prunedResultId}`);

      await setup.page.getByLabel('Jump to').selectOption({ index: 0 });
      await expectText(
        differences,
        `removed by a compaction: m2 (user_input) by ${DEMO.boundaryId}`,
      );
      await expectText(differences, `added: ${DEMO.summaryId}`);
      await screenshot(setup.page, 'diff');
    },
    TEST_MS,
  );

  test(
    'an unknown session says it is not found, with a way back',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/no-such-session`);
      await expectText(setup.page.getByRole('heading', { level: 1 }), 'Session not found');
      await expectText(setup.page.getByRole('alert'), 'No session “no-such-session” here');
      expect(await setup.page.getByText('Loading').count()).toBe(0);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await setup.page.getByRole('link', { name: 'Back to the sessions' }).click();
      await setup.page.waitForURL(setup.server.url + '/');
      await expectText(setup.page.getByRole('table'), DEMO.sessionId);
    },
    TEST_MS,
  );

  test(
    'the dark theme is the toggle away, and passes axe too',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}?message=m3`);
      await expectText(setup.page.getByRole('article', { name: 'tool_call m3' }), 'Read');
      const toggle = setup.page.getByRole('button', { name: 'Dark theme' });
      const light = await bodyBackground(setup.page);
      await toggle.click();
      await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
      expect(await bodyBackground(setup.page)).not.toBe(light);
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'dark');
      // The choice stays for the next setup.page, and goes back with the toggle.
      await setup.page.reload();
      await expect(
        setup.page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await setup.page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await bodyBackground(setup.page)).toBe(light);
    },
    TEST_MS,
  );

  test(
    'a message appended by the runtime arrives live',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.otherSessionId}`);
      await expectText(setup.page.getByRole('status').first(), 'live');
      const client = createLedgerClient({ baseUrl: setup.server.url });
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
        setup.page.getByRole('article', { name: 'user_input d3' }),
        'Now add an example of a phrase query.',
      );
    },
    TEST_MS,
  );

  test(
    'a long transcript is windowed: a deep link shows its message with a few dozen rows in the page',
    async () => {
      const client = createLedgerClient({ baseUrl: setup.server.url });
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
      await setup.page.goto(`${setup.server.url}/sessions/demo-long?message=m1500`);
      const target = setup.page.getByRole('article', { name: 'user_input m1500' });
      await expectText(target, 'Message number 1500 of a long session.');
      // On screen, not only in the page: the list scrolled to it.
      const box = await target.boundingBox();
      expect(box !== null && box.y >= 0 && box.y < 900).toBe(true);
      await expectText(setup.page.getByRole('status').first(), '2,000 messages');
      expect(await setup.page.getByRole('article').count()).toBeLessThan(100);
      // Scrolling to the end with the wheel brings the last rows in.
      await setup.page.getByRole('region', { name: 'Transcript messages (scrollable)' }).hover();
      for (let turn = 0; turn < 20; turn += 1) await setup.page.mouse.wheel(0, 20_000);
      await expectText(
        setup.page.getByRole('article', { name: 'user_input m1999' }),
        'Message number 1999',
      );
    },
    TEST_MS,
  );

  test(
    'analytics for the session and across sessions are charts with their numbers',
    async () => {
      await setup.page.goto(`${setup.server.url}/sessions/${DEMO.sessionId}`);
      await setup.page.getByRole('button', { name: 'Analytics' }).click();
      const tools = setup.page
        .getByRole('figure')
        .filter({ hasText: 'Tool calls and errors by tool' });
      await expectText(tools.getByRole('row', { name: /Grep/ }), '1');
      const perCall = setup.page.getByRole('figure').filter({ hasText: 'Tokens per model call' });
      await expectText(perCall, '1,800');
      // The chart's own legend gives the numbers under the pointer: the first call's at its left.
      // Below the calls' tables in the panel: scrolled to, as a reader would.
      await perCall.getByRole('img').scrollIntoViewIfNeeded();
      const box = await perCall.getByRole('img').boundingBox();
      if (box === null) throw new Error('the chart is not on screen');
      await setup.page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
      await expectText(perCall.getByRole('row', { name: /input tokens/ }), '1,800');
      const pruning = setup.page.getByRole('figure').filter({ hasText: 'What each pruning saved' });
      const saved = await setup.page.getByText(/characters in 1 tool result$/).innerText();
      await expectText(pruning, saved.split(' ')[0] ?? '?');
      expect(await seriousViolations(setup.page)).toEqual([]);

      await setup.page.getByRole('link', { name: 'Analytics' }).click();
      const tokens = setup.page.getByRole('figure').filter({ hasText: 'Tokens by day' });
      // The model calls were recorded today (the store's time): 1,800 + 950 input tokens.
      await expectText(tokens, '2,750');
      // The chart is drawn with its table (the same commit); waiting for it costs nothing when so.
      await tokens.locator('canvas').first().waitFor();
      expect(await seriousViolations(setup.page)).toEqual([]);
      await screenshot(setup.page, 'analytics');
    },
    TEST_MS,
  );
});

/** The page's background colour, as the browser computes it (the theme's). */
function bodyBackground(page: Page): Promise<string> {
  return page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
}
