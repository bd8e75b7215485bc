import { rmSync } from 'node:fs';
import { CACHE_SESSION, recordCacheSession } from './testing/record-cache-session';
import { recordThroughServer } from './testing/record-through-server';
import { runCliProcess, type CliRun } from './testing/run-cli-process';

/**
 * `stats SESSION` on a session whose model calls reported cache reads and writes this test
 * chose, with the ledger's count of each context, and two prunings between them: the per-call
 * figures and each shrink's tokens shed against its net cost after cache effects, in the table
 * and in the JSON (stdout only, for jq).
 */
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await recordThroughServer(recordCacheSession);
}, 60_000);

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

function stats(...args: string[]): CliRun {
  if (dataDir === undefined) throw new Error('The store was not recorded.');
  const run = runCliProcess(['stats', CACHE_SESSION.sessionId, ...args], { DATA_DIR: dataDir });
  expect(run).toMatchObject({ status: 0, stderr: '' });
  return run;
}

interface Shrink {
  kind: string;
  tokensShed: number;
  callsAfter: number;
  tokensSaved: number;
  cache: { cachedBefore: number; readAfter: number; rebilledTokens: number; netCost: number };
}

const { calls } = CACHE_SESSION;
const call = (index: number) => {
  const figures = calls[index];
  if (figures === undefined) throw new Error(`No call ${index}`);
  return figures;
};

describe('stats: model calls and context shrinks with their cache effects', () => {
  it('prints each call and each shrink as JSON on stdout alone', () => {
    const figures = JSON.parse(stats('--json').stdout) as {
      calls: unknown[];
      contextShrinks: Shrink[];
    };
    expect(figures.calls).toEqual(
      calls.map((recorded, index) => ({
        callId: recorded.callId,
        recordedAt: expect.any(String) as unknown,
        model: 'anthropic.messages/claude-sonnet-4-5',
        inputTokens: recorded.input,
        outputTokens: recorded.output,
        cacheReadTokens: recorded.read,
        cacheWriteTokens: recorded.write,
        estimatedInputTokens: recorded.counted,
        estimateMethod: 'calibrated',
        estimateError: recorded.counted - recorded.input,
        ...(index === 0
          ? { latencyMs: CACHE_SESSION.firstLatencyMs, cost: CACHE_SESSION.firstCost }
          : {}),
      })),
    );
    const [read, listing] = figures.contextShrinks;
    if (read === undefined || listing === undefined) throw new Error('Two shrinks expected');
    expect(figures.contextShrinks).toHaveLength(2);
    // Each weighed against the calls around it: the last before (B) and the first after (A).
    for (const [shrink, before, after, callsAfter] of [
      [read, call(1), call(2), 2],
      [listing, call(3), call(4), 1],
    ] as const) {
      expect(shrink).toMatchObject({ kind: 'pruning', callsAfter });
      expect(shrink.tokensShed).toBeGreaterThan(0);
      expect(shrink.tokensSaved).toBe(shrink.tokensShed * callsAfter);
      const rebilled = Math.max(0, before.read + before.write - after.read - shrink.tokensShed);
      expect(shrink.cache).toMatchObject({
        cachedBefore: before.read + before.write,
        readAfter: after.read,
        rebilledTokens: rebilled,
      });
      expect(shrink.cache.netCost).toBeCloseTo(rebilled * 1.15 - shrink.tokensSaved * 0.1, 6);
    }
    // The large read paid for itself; the small listing re-wrote more than it saved.
    expect(read.cache.netCost).toBeLessThan(0);
    expect(listing.cache.netCost).toBeGreaterThan(0);
  });

  it('prints the same figures in its tables, each shrink said net cheaper or net dearer', () => {
    const figures = JSON.parse(stats('--json').stdout) as { contextShrinks: Shrink[] };
    const rows = stats()
      .stdout.split('\n')
      .map((line) => line.split(/\s{2,}/));
    const callRows = rows.filter((row) => /^g\d:step-0$/.test(row[0] ?? ''));
    expect(callRows).toEqual(
      calls.map((recorded, index) => [
        recorded.callId,
        'anthropic.messages/claude-sonnet-4-5',
        String(recorded.input),
        String(recorded.output),
        String(recorded.read),
        String(recorded.write),
        String(recorded.counted),
        'calibrated',
        String(recorded.counted - recorded.input),
        index === 0 ? String(CACHE_SESSION.firstLatencyMs) : '-',
        index === 0 ? `${CACHE_SESSION.firstCost.amount} USD` : '-',
      ]),
    );
    const shrinkRows = rows.filter((row) => row[0] === 'pruning');
    expect(shrinkRows.map((row) => [row[2], row[3], row[4], row[5], row[6], row[8]])).toEqual(
      figures.contextShrinks.map((shrink, index) => [
        String(shrink.tokensShed),
        String(shrink.callsAfter),
        String(shrink.tokensSaved),
        String(shrink.cache.rebilledTokens),
        String(shrink.cache.netCost),
        index === 0 ? 'net cheaper' : 'net dearer',
      ]),
    );
    expect(rows.find((row) => row[0]?.startsWith('Tokens'))?.join('  ')).toContain(
      `cache write ${calls.reduce((sum, recorded) => sum + recorded.write, 0)}`,
    );
  });
});
