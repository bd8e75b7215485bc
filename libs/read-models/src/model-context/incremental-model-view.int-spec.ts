import fc from 'fast-check';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { appendSessionEvents } from '../testing/append-session-events';
import { loadModelContext, type ModelContext, type ModelContextQuery } from './load-model-context';
import { incrementalModelContext, keptModelViews } from './incremental-model-view';
import { SessionLogCache, sessionLogCacheOf } from './session-log-cache';

/** Query variants a runtime asks for, each followed by the incremental view on its own. */
const queries: ModelContextQuery[] = [
  { format: 'model' },
  { format: 'ai-sdk' },
  { format: 'ai-sdk', provider: 'anthropic' },
  { format: 'ai-sdk-prompt', provider: 'openai' },
  { format: 'ai-sdk-prompt', provider: 'openai.chat', systemMessages: 'in-place' },
  { format: 'ai-sdk', provider: 'google', recentUserTurns: 1 },
  { format: 'ai-sdk', provider: 'anthropic', recentUserTurns: 0, includeReasoning: true },
  { format: 'model', repairDanglingToolCalls: false, activeAgentName: 'main' },
];

/** What a request read is its own cost, not part of the view: left out of the comparison. */
function comparable(context: ModelContext): unknown {
  const { window } = context.diagnostics;
  return {
    ...context,
    diagnostics: { ...context.diagnostics, window: { ...window, eventsRead: 0 } },
  };
}

describe('the incremental model view (the model context at the latest revision, cached)', () => {
  it('equals the view computed from the whole log, after every append, for every query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          arbitrarySessionHistory({ minSteps: 4, maxSteps: 40, faults: true }),
          arbitrarySessionHistory({ minSteps: 4, maxSteps: 40, faults: false }),
        ),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 60, maxLength: 60 }),
        async (events, sizes) => {
          const store = new SqliteEventStore({ path: ':memory:' });
          try {
            let appended = 0;
            for (let step = 0; appended < events.length; step += 1) {
              const end = Math.min(events.length, appended + (sizes[step % sizes.length] ?? 1));
              await appendSessionEvents(store, 's1', events.slice(appended, end));
              appended = end;
              for (const query of queries) {
                const incremental = await loadModelContext(store, 's1', query);
                const whole = await loadModelContext(store, 's1', query, { cache: false });
                expect(comparable(incremental)).toEqual(comparable(whole));
                // Byte for byte, as the route answers it.
                expect(JSON.stringify(comparable(incremental))).toBe(
                  JSON.stringify(comparable(whole)),
                );
              }
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads only what was appended since the last request', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = fc.sample(arbitrarySessionHistory({ minSteps: 30, maxSteps: 30 }), {
        numRuns: 1,
        seed: 7,
      })[0]!;
      await appendSessionEvents(store, 's1', events);
      const first = await loadModelContext(store, 's1', { format: 'ai-sdk' });
      expect(first.diagnostics.window.eventsRead).toBe(events.length);
      const again = await loadModelContext(store, 's1', { format: 'ai-sdk' });
      // The event the view stopped at, read again to check the log is the one it was built on.
      expect(again.diagnostics.window.eventsRead).toBe(1);
      expect(again.messages).toEqual(first.messages);
      expect(sessionLogCacheOf(store).size.streams).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('keeps no view of a session whose events the session log cache dropped', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = fc.sample(arbitrarySessionHistory({ minSteps: 20, maxSteps: 20 }), {
        numRuns: 1,
        seed: 3,
      })[0]!;
      await appendSessionEvents(store, 's1', events);
      const other = fc.sample(arbitrarySessionHistory({ minSteps: 20, sessionId: 's2' }), {
        numRuns: 1,
        seed: 4,
      })[0]!;
      await appendSessionEvents(store, 's2', other);
      // Room for either session's events, not for both.
      const measure = new SessionLogCache(store);
      await loadModelContext(measure, 's1', {}, { cache: false });
      const first = measure.size.chars;
      await loadModelContext(measure, 's2', {}, { cache: false });
      const second = measure.size.chars - first;
      const cache = new SessionLogCache(store, Math.max(first, second) + 1);
      expect(Math.max(first, second) + 1).toBeLessThan(first + second);
      expect(await incrementalModelContext(cache, 's1', { format: 'ai-sdk' })).toBeDefined();
      expect(keptModelViews(cache)).toBe(1);
      await incrementalModelContext(cache, 's2', { format: 'ai-sdk' });
      // Reading s2 dropped s1 from the cache, and with it s1's view.
      expect(cache.holds('session-s1')).toBe(false);
      expect(keptModelViews(cache)).toBe(1);
    } finally {
      await store.close();
    }
  });
});
