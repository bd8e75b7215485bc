import { createLedgerClient } from '@agent-ledger/client';
import {
  CACHE_SESSION,
  recordCacheSession,
} from '../../apps/cli/test/testing/record-cache-session';
import { postJson } from '../../apps/server/test/testing/http-client';
import { expectText, screenshot, seriousViolations, TEST_MS } from './browser';
import { withInspector } from './with-inspector';

/**
 * A session's analytics in real Chromium, as a person reads them: each model call with the
 * input, output, cache read and cache write tokens its provider reported and the ledger's count
 * beside them; each pruning with the tokens it shed against its net cost after cache effects,
 * said as net cheaper or net dearer; axe in light and dark. The session's recorded usage is the
 * test's own (apps/cli/test/testing/record-cache-session.ts).
 */
describe('web inspector: model calls and context shrinks in a session analytics', () => {
  const setup = withInspector({
    fill: (server) =>
      recordCacheSession(async (route, body) => {
        const response = await postJson(`${server.url}/v1/sessions/${route}`, body);
        const { position } = response.body as { position?: unknown };
        if (response.status !== 200 || typeof position !== 'number')
          throw new Error(`POST ${route} answered ${JSON.stringify(response)}`);
        return position;
      }),
  });

  test(
    'shows every call with its cache tokens and the ledger count, and each pruning net cheaper or dearer',
    async () => {
      const { page, server } = setup;
      const expected = await createLedgerClient({ baseUrl: server.url }).sessionAnalytics(
        CACHE_SESSION.sessionId,
      );
      await page.goto(`${server.url}/sessions/${CACHE_SESSION.sessionId}`);
      await page.getByRole('button', { name: 'Analytics' }).click();

      const calls = page.getByRole('region', { name: 'Model calls, tokens' });
      for (const [index, recorded] of CACHE_SESSION.calls.entries()) {
        const cells = calls.getByRole('row', { name: `Model call ${index + 1}` }).getByRole('cell');
        await expectText(cells.nth(0), count(recorded.input));
        expect(await cells.allInnerTexts()).toEqual([
          count(recorded.input),
          count(recorded.output),
          count(recorded.read),
          count(recorded.write),
          `${count(recorded.counted)} (${count(recorded.counted - recorded.input)})`,
          index === 0 ? '1.84 s' : '–',
          index === 0 ? '$0.0123' : '–',
        ]);
      }

      const shrinks = page.getByRole('region', { name: 'Prunings and compactions, net cost' });
      expect(expected.contextShrinks).toHaveLength(2);
      for (const [index, shrink] of expected.contextShrinks.entries()) {
        const row = shrinks.getByRole('row', { name: `pruning at revision ${shrink.revision}` });
        const cells = row.getByRole('cell');
        // The large read pruned early paid for itself; the small listing pruned late did not.
        await expectText(cells.nth(0), index === 0 ? 'net cheaper' : 'net dearer');
        await expectText(cells.nth(1), count(shrink.tokensShed ?? 0));
        await expectText(cells.nth(2), count(shrink.cache?.netCost ?? 0));
        await expectText(cells.nth(3), count(shrink.tokensSaved ?? 0));
        await expectText(cells.nth(3), `over ${shrink.callsAfter} call`);
        await expectText(cells.nth(4), count(shrink.cache?.rebilledTokens ?? 0));
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'session-analytics');

      const toggle = page.getByRole('button', { name: 'Dark theme' });
      await toggle.click();
      await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
      await expectText(shrinks, 'net dearer');
      expect(await seriousViolations(page)).toEqual([]);
      await toggle.click();
    },
    TEST_MS,
  );
});

function count(value: number): string {
  return value.toLocaleString('en-US');
}
