import fc from 'fast-check';
import type { MessageAnalyticsFacts, ModelCallFacts } from './analytics-facts';
import { summarizeAnalytics } from './summarize-analytics';

const time = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.string({ maxLength: 6, unit: 'binary' }),
);

describe('summarizeAnalytics: first and last activity', () => {
  it('are the first and last of every message and call time in sorted order', () => {
    fc.assert(
      fc.property(
        fc.array(time, { maxLength: 20 }),
        fc.array(time, { maxLength: 5 }),
        (messageTimes, callTimes) => {
          const messages: MessageAnalyticsFacts[] = messageTimes.map((createdAt, index) => ({
            messageId: `m${index}`,
            kind: 'user_input',
            createdAt,
          }));
          const calls: ModelCallFacts[] = callTimes.map((recordedAt, index) => ({
            callId: `c${index}`,
            recordedAt,
            inputTokens: 0,
            outputTokens: 0,
            reasoningTokens: 0,
            cachedInputTokens: 0,
            cacheWriteTokens: 0,
            totalTokens: 0,
            messageIds: [],
          }));
          const sorted = [...messageTimes, ...callTimes].sort();
          const analytics = summarizeAnalytics('s1', messages, calls);
          expect([analytics.firstActivityAt, analytics.lastActivityAt]).toEqual([
            sorted[0],
            sorted.at(-1),
          ]);
          expect('firstActivityAt' in analytics).toBe(sorted.length > 0);
        },
      ),
    );
  });
});
