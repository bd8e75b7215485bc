import fc from 'fast-check';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionEvent } from '@agent-ledger/events';
import { arbitrarySessionHistory, seedExampleEvents } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { HistoryIndex } from '../history-index';
import { loadModelContext, loadModelView } from '../load-model-context';
import type { ModelContext, ModelContextQuery, ModelView } from '../model-context';
import { ModelContextReader } from '../model-context-reader';
import { SessionLogCache } from '../session-log-cache';
import { IncrementalViews } from './incremental-views';

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
function comparable(context: ModelView | ModelContext): unknown {
  const { window } = context.diagnostics;
  // The token count and cache options are added to the view by one function on both paths.
  const {
    tokens: _tokens,
    providerOptions: _providerOptions,
    ...view
  } = {
    tokens: undefined,
    providerOptions: undefined,
    ...context,
  };
  return {
    ...view,
    diagnostics: { ...view.diagnostics, window: { ...window, eventsRead: 0 } },
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
          const reader = new ModelContextReader(store);
          try {
            let appended = 0;
            for (let step = 0; appended < events.length; step += 1) {
              const end = Math.min(events.length, appended + (sizes[step % sizes.length] ?? 1));
              await appendSessionEvents(store, 's1', events.slice(appended, end));
              appended = end;
              for (const query of queries) {
                const incremental = await reader.load('s1', query);
                const whole = await loadModelView(store, 's1', query);
                expect(comparable(incremental)).toEqual(comparable(whole));
                // Byte for byte, as the route answers it.
                expect(JSON.stringify(comparable(incremental))).toBe(
                  JSON.stringify(comparable(whole)),
                );
              }
            }
            // None of them was answered by the fallback after a failure of the incremental view.
            expect(reader.size.failedViews).toBe(0);
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
      const reader = new ModelContextReader(store);
      const first = await reader.load('s1', { format: 'ai-sdk' });
      // The window, and of the history before a boundary only the events the history index looks
      // at: what a replay from the log reads, without a cache.
      const replayed = await loadModelView(store, 's1', { format: 'ai-sdk' });
      expect(first.diagnostics.window.eventsRead).toBe(replayed.diagnostics.window.eventsRead);
      expect(first.diagnostics.window.eventsRead).toBeLessThan(events.length);
      const again = await reader.load('s1', { format: 'ai-sdk' });
      // The event the view stopped at, read again to check the log is the one it was built on.
      expect(again.diagnostics.window.eventsRead).toBe(1);
      expect(again.messages).toEqual(first.messages);
      expect(reader.log.size.streams).toBe(1);
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
      await loadModelView(measure, 's1');
      const first = measure.size.chars;
      await loadModelView(measure, 's2');
      const second = measure.size.chars - first;
      const cache = new SessionLogCache(store, Math.max(first, second) + 1);
      expect(Math.max(first, second) + 1).toBeLessThan(first + second);
      const views = new IncrementalViews(cache, new HistoryIndex());
      expect(await views.load('s1', { format: 'ai-sdk' })).toBeDefined();
      expect(views.size.kept).toBe(1);
      await views.load('s2', { format: 'ai-sdk' });
      // Reading s2 dropped s1 from the cache, and with it s1's view.
      expect(cache.holds('session-s1')).toBe(false);
      expect(views.size.kept).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('answers afresh when the stream is truncated, deleted and recreated, or tombstoned under a kept view', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const events = seedExampleEvents();
      await appendSessionEvents(store, 's1', events);
      const log = new SessionLogCache(store);
      const views = new IncrementalViews(log, new HistoryIndex());
      const query: ModelContextQuery = { format: 'ai-sdk' };
      const whole = async () => comparable(await loadModelView(store, 's1', query));
      const first = await views.load('s1', query);
      expect(comparable(first!)).toEqual(await whole());
      // The user's request (revision 2) is cut off: the view is built again from what is left.
      await store.setStreamMetadata(sessionStreamName('s1'), { truncateBefore: 3 });
      const truncated = await views.load('s1', query);
      expect(comparable(truncated!)).toEqual(await whole());
      expect(JSON.stringify(truncated)).not.toContain('src/auth.ts 为什么登录失败');
      expect(truncated!.diagnostics.window.eventsRead).toBe(events.length - 3);
      // Deleted: no session (as computed from the log); recreated: a view of the new events only.
      await store.deleteStream(sessionStreamName('s1'));
      await expect(views.load('s1', query)).rejects.toThrow(/does not exist/);
      expect(views.size.kept).toBe(0);
      await appendSessionEvents(store, 's1', events.slice(0, 3));
      const recreated = await views.load('s1', query);
      expect(comparable(recreated!)).toEqual(await whole());
      expect(recreated!.revision).toBe(events.length + 2);
      await store.tombstoneStream(sessionStreamName('s1'));
      await expect(views.load('s1', query)).rejects.toThrow(/deleted/i);
      expect(views.size.kept).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('follows a compaction that keeps recent turns, prunings, approvals and reasoning exactly', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const reader = new ModelContextReader(store);
    const at = '2026-04-08T10:00:00.000Z';
    const base = { sessionId: 's1', createdAt: at };
    const turn = (index: number, agentName = 'main'): SessionEvent[] => [
      event('UserInputRecorded', {
        ...base,
        id: `u${index}`,
        kind: 'user_input',
        role: 'user',
        content: `Step ${index}.`,
      }),
      event('AssistantReasoningRecorded', {
        ...base,
        id: `think${index}`,
        kind: 'assistant_reasoning',
        role: 'assistant',
        content: [{ type: 'reasoning', text: `plan ${index}` }],
        metadata: { agentName },
      }),
      event('ToolCallRecorded', {
        ...base,
        id: `c${index}`,
        kind: 'tool_call',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: `t${index}`,
            toolName: 'Read',
            input: { path: `f${index}` },
          },
        ],
      }),
      event('ToolResultRecorded', {
        ...base,
        id: `r${index}`,
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: `t${index}`,
            toolName: 'Read',
            output: { type: 'text', value: `contents ${index} `.repeat(600) },
          },
        ],
      }),
      event('AssistantTextRecorded', {
        ...base,
        id: `a${index}`,
        kind: 'assistant_text',
        role: 'assistant',
        content: `Done ${index}.`,
        metadata: { agentName },
      }),
    ];
    const steps: SessionEvent[][] = [
      [
        event('SystemNoteRecorded', {
          ...base,
          id: 'sys',
          kind: 'system_note',
          role: 'system',
          content: 'You are a coding agent.',
        }),
      ],
      ...[0, 1, 2, 3, 4].map((index) => turn(index)),
      [
        event('ToolResultsPruned', {
          sessionId: 's1',
          messageIds: ['r1', 'r2'],
          compactedAt: at,
          reason: 'old',
        }),
      ],
      [
        event('CompactBoundaryRecorded', {
          ...base,
          id: 'b1',
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'auto', retainFromMessageId: 'u3' },
        }),
        event('CompactSummaryRecorded', {
          ...base,
          id: 's-b1',
          kind: 'compact_summary',
          role: 'user',
          content: 'Read files 0 to 2.',
          metadata: { summaryForBoundaryId: 'b1' },
        }),
      ],
      ...[5, 6].map((index) => turn(index)),
      [
        event('SystemNoteRecorded', {
          ...base,
          id: 'sys2',
          kind: 'system_note',
          role: 'system',
          content: 'You are a coding agent.',
        }),
      ],
      [
        event('UserInputRecorded', {
          ...base,
          id: 'u7',
          kind: 'user_input',
          role: 'user',
          content: 'Edit it.',
        }),
        event('ToolCallRecorded', {
          ...base,
          id: 'c7',
          kind: 'tool_call',
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 't7', toolName: 'Edit', input: { path: 'f1' } },
          ],
        }),
        event('ToolApprovalRequested', {
          ...base,
          id: 'q7',
          kind: 'tool_approval_request',
          role: 'assistant',
          content: [{ type: 'tool-approval-request', approvalId: 'p7', toolCallId: 't7' }],
        }),
      ],
      [
        event('ToolApprovalResponded', {
          ...base,
          id: 'p7r',
          kind: 'tool_approval_response',
          role: 'tool',
          content: [{ type: 'tool-approval-response', approvalId: 'p7', approved: true }],
        }),
      ],
      [
        event('RuntimeReminderRecorded', {
          ...base,
          id: 'rem',
          kind: 'runtime_reminder',
          role: 'system',
          content: 'Tests must pass.',
        }),
      ],
      [
        event('ToolResultRecorded', {
          ...base,
          id: 'r7',
          kind: 'tool_result',
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 't7',
              toolName: 'Edit',
              output: { type: 'text', value: 'edited' },
            },
          ],
        }),
      ],
      [
        event('ToolResultsPruned', {
          sessionId: 's1',
          messageIds: ['r5'],
          compactedAt: at,
          reason: 'old',
        }),
      ],
      ...[8, 9].map((index) => turn(index, 'reviewer')),
      [
        event('CompactBoundaryRecorded', {
          ...base,
          id: 'b2',
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'manual' },
        }),
      ],
      ...[10, 11, 12].map((index) => turn(index)),
    ];
    try {
      for (const events of steps) {
        await appendSessionEvents(store, 's1', events);
        for (const query of queries) {
          const incremental = await reader.load('s1', query);
          const whole = await loadModelContext(store, 's1', query);
          expect(JSON.stringify(comparable(incremental))).toBe(JSON.stringify(comparable(whole)));
        }
      }
      expect(reader.size.failedViews).toBe(0);
    } finally {
      await store.close();
    }
  });
});

function event(type: string, data: object): SessionEvent {
  return { type, data } as SessionEvent;
}
