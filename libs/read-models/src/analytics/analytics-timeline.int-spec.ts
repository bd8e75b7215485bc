import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { appendSessionEvents } from '@agent-ledger/testing';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { AnalyticsReader } from './analytics-reader';
import { AnalyticsTimelineHandler } from './analytics-timeline-handler';

const T = '2026-03-01T10:00:00.000Z';
const base = { sessionId: 's1', createdAt: T };

const message = (data: RuntimeMessage): SessionEvent => messageRecorded(data);

const modelCall = (
  callId: string,
  usage: { input: number; read: number; write: number },
  counted?: number,
): SessionEvent => ({
  type: 'ModelCallRecorded',
  data: {
    sessionId: 's1',
    callId,
    generationId: 'g',
    provider: 'anthropic.messages',
    modelId: 'claude',
    usage: {
      inputTokens: usage.input,
      outputTokens: 50,
      inputTokenDetails: { cacheReadTokens: usage.read, cacheWriteTokens: usage.write },
    },
    ...(counted === undefined ? {} : { contextTokens: { input: counted, method: 'calibrated' } }),
    responseMessageCount: 0,
    messageIds: [],
    recordedAt: T,
  },
});

/** A session that reads a large file, is called twice, prunes the read, is called twice more. */
const scripted: SessionEvent[] = [
  message({ ...base, id: 'u1', kind: 'user_input', role: 'user', content: 'read it' }),
  message({
    ...base,
    id: 't1',
    kind: 'tool_call',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'k1', toolName: 'Read', input: {} }],
  }),
  message({
    ...base,
    id: 'r1',
    kind: 'tool_result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'k1',
        toolName: 'Read',
        output: { type: 'text', value: 'x'.repeat(8000) },
      },
    ],
  }),
  modelCall('c1', { input: 2100, read: 0, write: 2100 }, 2080),
  modelCall('c2', { input: 2200, read: 2100, write: 100 }, 2150),
  // A retried call is one call.
  modelCall('c2', { input: 2200, read: 2100, write: 100 }, 2150),
  {
    type: 'ToolResultsPruned',
    data: { sessionId: 's1', messageIds: ['r1'], compactedAt: T, reason: 'old' },
  },
  modelCall('c3', { input: 260, read: 20, write: 240 }, 250),
  modelCall('c4', { input: 300, read: 260, write: 40 }, 290),
];

describe('AnalyticsReader: context shrinks from the timeline', () => {
  let fixture: ReadModelFixture;
  beforeEach(() => {
    fixture = createReadModelFixture();
  });
  afterEach(() => fixture.close());

  it('a pruning is placed among the calls, its shed and cache effects as the replay computes them', async () => {
    await appendSessionEvents(fixture.store, 's1', scripted);
    await fixture.runner.catchUp();
    const analytics = new AnalyticsReader(fixture.db).session('s1');
    // 8000 characters: 2000 tokens, less the stub's 9.
    const shed = 1991;
    expect(analytics?.contextShrinks).toEqual([
      {
        kind: 'pruning',
        revision: 6,
        results: 1,
        tokensBefore: 2150,
        tokensAfter: 2150 - shed,
        tokensShed: shed,
        callsAfter: 2,
        tokensSaved: shed * 2,
        cache: {
          cachedBefore: 2200,
          readAfter: 20,
          writtenAfter: 240,
          rebilledTokens: 2200 - 20 - shed,
          netCost: ((2200 - 20 - shed) * 115 - shed * 2 * 10) / 100,
          breakEvenCalls: 2,
        },
      },
    ]);
    expect(analytics?.tokenEstimates).toEqual({
      calls: 4,
      meanAbsoluteError: (20 + 50 + 10 + 10) / 4,
      meanAbsolutePercentError: expect.any(Number) as unknown,
    });
    expect(analytics?.calls.map((call) => [call.callId, call.cacheWriteTokens])).toEqual([
      ['c1', 2100],
      ['c2', 100],
      ['c3', 240],
      ['c4', 40],
    ]);
    const events = await fixture.sessionEvents('s1');
    expect(analytics).toEqual(computeSessionReadModels('s1', events).analytics);
  });

  it("a provider compaction (an OpenAI Agents compaction item) is counted, with the calls around it, and does not cut the pruning's calls", async () => {
    const compaction: SessionEvent[] = [
      message({
        ...base,
        id: 'cmp',
        kind: 'assistant_text',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: '',
            providerOptions: { openai: { type: 'compaction', encryptedContent: 'gAAAA' } },
          },
        ],
      }),
      {
        type: 'ProviderCompactionRecorded',
        data: {
          sessionId: 's1',
          compactionId: 'cmp',
          provider: 'openai',
          family: 'openai',
          artifactMessageId: 'cmp',
          coversThroughMessageId: 'r1',
          recordedAt: T,
        },
      },
    ];
    // After the pruning and its first call: c3, the compaction, c4.
    const events = [...scripted.slice(0, -1), ...compaction, ...scripted.slice(-1)];
    await appendSessionEvents(fixture.store, 's1', events);
    await fixture.runner.catchUp();
    const analytics = new AnalyticsReader(fixture.db).session('s1');
    expect(analytics?.providerCompactions).toEqual([
      {
        compactionId: 'cmp',
        revision: 9,
        provider: 'openai',
        family: 'openai',
        tokensBefore: 250,
        tokensAfter: 290,
        callsAfter: 1,
      },
    ]);
    expect(analytics?.contextShrinks.map((shrink) => [shrink.kind, shrink.callsAfter])).toEqual([
      ['pruning', 2],
    ]);
    expect(analytics).toEqual(
      computeSessionReadModels('s1', await fixture.sessionEvents('s1')).analytics,
    );
  });

  it("a session's rows go with it", async () => {
    await appendSessionEvents(fixture.store, 's1', scripted);
    await fixture.runner.catchUp();
    const rows = () =>
      fixture.db
        .prepare("SELECT COUNT(*) AS n FROM rm_analytics_timeline WHERE session_id = 's1'")
        .get() as { n: number };
    expect(rows().n).toBe(5);
    new AnalyticsTimelineHandler(fixture.db).dropSession('s1');
    expect(rows().n).toBe(0);
  });
});
