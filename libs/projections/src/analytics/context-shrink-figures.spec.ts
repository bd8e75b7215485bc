import type { MessageAnalyticsFacts, ModelCallFacts } from './analytics-facts';
import type { AnalyticsTimelineEntry } from './analytics-timeline';
import { contextShrinkFigures } from './context-shrink-figures';

const call = (
  callId: string,
  input: number,
  cache: { read: number; write: number },
  counted?: number,
): ModelCallFacts => ({
  callId,
  recordedAt: '2026-03-01T10:00:00.000Z',
  inputTokens: input,
  outputTokens: 100,
  reasoningTokens: 0,
  cachedInputTokens: cache.read,
  cacheWriteTokens: cache.write,
  totalTokens: input + 100,
  messageIds: [],
  ...(counted === undefined ? {} : { contextTokens: { input: counted, method: 'calibrated' } }),
});

const result = (messageId: string, chars: number, pruned: boolean): MessageAnalyticsFacts => ({
  messageId,
  kind: 'tool_result',
  createdAt: '2026-03-01T10:00:00.000Z',
  toolResults: [{ toolCallId: `call-${messageId}`, toolName: 'Read', error: false, chars }],
  ...(pruned ? { pruned: true } : {}),
});

/**
 * A scripted session: three calls, a pruning mark (two large results), three calls, a second
 * mark naming an already pruned result, a compaction, one call.
 */
const messages: MessageAnalyticsFacts[] = [
  result('r1', 4000, true),
  result('r2', 2000, true),
  result('r3', 800, false),
  {
    messageId: 'b1',
    kind: 'compact_boundary',
    createdAt: '2026-03-01T10:05:00.000Z',
    tokensBefore: 20000,
  },
];
const calls = [
  call('c1', 9000, { read: 0, write: 9000 }),
  call('c2', 11000, { read: 9000, write: 2000 }),
  call('c3', 11600, { read: 9000, write: 2500 }, 12000),
  call('c4', 10300, { read: 3000, write: 7200 }, 10600),
  call('c5', 10700, { read: 10200, write: 400 }),
  call('c6', 16000, { read: 15000, write: 500 }, 16500),
  call('c7', 2900, { read: 0, write: 2800 }, 3000),
];
const timeline: AnalyticsTimelineEntry[] = [
  { kind: 'call', revision: 3, callId: 'c1' },
  { kind: 'call', revision: 6, callId: 'c2' },
  { kind: 'call', revision: 9, callId: 'c3' },
  { kind: 'pruning', revision: 10, messageIds: ['r1', 'r2', 'r3', 'r1'] },
  { kind: 'call', revision: 12, callId: 'c4' },
  { kind: 'call', revision: 14, callId: 'c5' },
  { kind: 'call', revision: 16, callId: 'c6' },
  { kind: 'pruning', revision: 17, messageIds: ['r1'] },
  { kind: 'compaction', revision: 18, boundaryId: 'b1' },
  { kind: 'call', revision: 21, callId: 'c7' },
];

describe('contextShrinkFigures on a scripted session', () => {
  const figures = contextShrinkFigures(timeline, messages, calls);

  it('a pruning sheds the estimate of its outputs less their stubs, and re-bills the held prefix after its first result', () => {
    // r1: 1000 tokens, r2: 500, each less the 9 of the stub; r3 was not pruned.
    const shed = 991 + 491;
    const rebilled = 9000 + 2500 - 3000 - shed;
    expect(figures[0]).toEqual({
      kind: 'pruning',
      revision: 10,
      results: 2,
      tokensBefore: 12000,
      tokensAfter: 12000 - shed,
      tokensShed: shed,
      callsAfter: 3,
      tokensSaved: shed * 3,
      cache: {
        cachedBefore: 11500,
        readAfter: 3000,
        writtenAfter: 7200,
        rebilledTokens: rebilled,
        netCost: (rebilled * 115 - shed * 3 * 10) / 100,
        breakEvenCalls: Math.ceil((rebilled * 115) / (shed * 10)),
      },
    });
    expect(figures[0]?.cache?.netCost).toBeGreaterThan(0);
  });

  it('a second mark naming a pruned result sheds nothing (first mark wins)', () => {
    expect(figures[1]).toEqual({
      kind: 'pruning',
      revision: 17,
      results: 0,
      tokensBefore: 16500,
      tokensAfter: 16500,
      tokensShed: 0,
      callsAfter: 0,
      tokensSaved: 0,
    });
  });

  it('a compaction sheds its boundary tokens less the next call count, and pays for itself when nothing of the prefix is re-billed', () => {
    expect(figures[2]).toEqual({
      kind: 'compaction',
      revision: 18,
      boundaryId: 'b1',
      tokensBefore: 20000,
      tokensAfter: 3000,
      tokensShed: 17000,
      callsAfter: 1,
      tokensSaved: 17000,
      cache: {
        cachedBefore: 15500,
        readAfter: 0,
        writtenAfter: 2800,
        rebilledTokens: 0,
        netCost: -1700,
        breakEvenCalls: 0,
      },
    });
  });

  it('without calls that reported the cache, no cache effects; without a call before, no count before', () => {
    const uncached = calls.map((facts) => ({
      ...facts,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
    }));
    const [first] = contextShrinkFigures(timeline.slice(3), messages, uncached);
    expect(first).toEqual({
      kind: 'pruning',
      revision: 10,
      results: 2,
      tokensShed: 1482,
      callsAfter: 3,
      tokensSaved: 4446,
    });
  });
});
