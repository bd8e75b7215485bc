import fc from 'fast-check';
import { DEFAULT_SUMMARIZATION_INSTRUCTIONS, SUMMARIZATION_REQUEST } from '@agent-ledger/ai-sdk';
import {
  normalizeSessionEvents,
  type SessionEvent,
  RevisionNotFoundError,
  SessionNotFoundError,
} from '@agent-ledger/events';
import { projectToModel } from '@agent-ledger/projections';
import { arbitrarySessionHistory, seedExampleEvents } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createStoreFixture } from './testing/store-fixture';
import { loadModelContext } from './load-model-context';

/** The model view by the long route: normalize every event up to `revision`, project. */
function replayModelView(events: readonly SessionEvent[], revision: number) {
  const { messages } = normalizeSessionEvents(events.slice(0, revision + 1));
  return projectToModel(messages, { sessionId: 's1', activeAgentName: 'main' });
}

describe('loadModelContext', () => {
  it('equals the model view of a full replay at any revision, faults included', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ minSteps: 1, maxSteps: 25, faults: true }),
        fc.nat(),
        async (events, pick) => {
          // Reused message ids are the one fault a window cannot see (the write side refuses them).
          fc.pre(!hasReusedMessageIds(events));
          const fixture = createStoreFixture();
          try {
            await appendSessionEvents(fixture.store, 's1', events);
            const revision = pick % events.length;
            const context = await fixture.reader.load('s1', {
              atRevision: revision,
              activeAgentName: 'main',
            });
            const replayed = replayModelView(events, revision);
            expect(context.revision).toBe(revision);
            expect(context.messages).toEqual(replayed.messages);
            expect(context.diagnostics.appliedCompactBoundaryId).toEqual(
              replayed.diagnostics.appliedCompactBoundaryId,
            );
            expect(context.diagnostics.truncatedMessageIds).toEqual(
              replayed.diagnostics.truncatedMessageIds,
            );
          } finally {
            await fixture.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads the window backwards to the latest boundary, and the system notes before it', async () => {
    const fixture = createStoreFixture();
    try {
      const events = seedExampleEvents();
      await appendSessionEvents(fixture.store, 's1', [
        ...events,
        {
          type: 'CompactBoundaryRecorded',
          data: {
            id: 'b1',
            sessionId: 's1',
            kind: 'compact_boundary',
            role: 'system',
            createdAt: '2026-04-08T10:01:00.000Z',
            content: { type: 'compact-boundary', trigger: 'manual' },
          },
        },
        {
          type: 'CompactSummaryRecorded',
          data: {
            id: 'b1-summary',
            sessionId: 's1',
            kind: 'compact_summary',
            role: 'user',
            createdAt: '2026-04-08T10:01:00.000Z',
            metadata: { summaryForBoundaryId: 'b1' },
            content: 'The login bug is in src/auth.ts.',
          },
        },
        {
          type: 'UserInputRecorded',
          data: {
            id: 'm6',
            sessionId: 's1',
            kind: 'user_input',
            role: 'user',
            createdAt: '2026-04-08T10:02:00.000Z',
            content: 'Go on.',
          },
        },
      ]);
      const context = await fixture.reader.load('s1');
      expect(context).toEqual({
        format: 'model',
        revision: 9,
        messages: [
          {
            view: 'model',
            role: 'system',
            semanticType: 'system_note',
            sourceMessageIds: ['m1'],
            content: 'Workspace root is /repo',
          },
          {
            view: 'model',
            role: 'user',
            semanticType: 'compact_summary',
            sourceMessageIds: ['b1-summary'],
            content: 'The login bug is in src/auth.ts.',
          },
          {
            view: 'model',
            role: 'user',
            semanticType: 'user_input',
            sourceMessageIds: ['m6'],
            content: 'Go on.',
          },
        ],
        diagnostics: {
          hiddenMessageIds: ['b1'],
          truncatedMessageIds: [],
          injectedNotes: [],
          appliedCompactBoundaryId: 'b1',
          repairs: [],
          // 3 events of the window, then the 3 of the 7 before it that the history index looks at
          // (the system note, the tool result, the pruning mark): the store skips the others.
          window: { fromRevision: 7, toRevision: 9, compactBoundaryId: 'b1', eventsRead: 6 },
        },
        // No provider: the plain estimate, four characters a token and four for each message
        // (⌈23/4⌉ + 4, ⌈32/4⌉ + 4, ⌈6/4⌉ + 4).
        tokens: { input: 10 + 12 + 6, method: 'estimate' },
      });
      // The window was read once; the next request reads only the event it stopped at (checked)
      // and what was appended since: nothing.
      const again = await fixture.reader.load('s1');
      expect(again.messages).toEqual(context.messages);
      expect(again.diagnostics.window.eventsRead).toBe(1);
      // Computed from the log (no reader), the window and the history before it each time: only
      // a reader keeps what it read, through its session log cache.
      const replayed = await loadModelContext(fixture.store, 's1');
      expect(replayed.diagnostics.window.eventsRead).toBe(6);
      const replayedAgain = await loadModelContext(fixture.store, 's1');
      expect(replayedAgain.messages).toEqual(context.messages);
      expect(replayedAgain.diagnostics.window.eventsRead).toBe(6);
    } finally {
      await fixture.close();
    }
  });

  it('reads back past the boundary for the call of a result inside the window', async () => {
    const fixture = createStoreFixture();
    const at = (second: number) => `2026-04-08T09:00:${String(second).padStart(2, '0')}.000Z`;
    const call = (toolCallId: string) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName: 'Read',
      input: { file_path: `${toolCallId}.ts` },
    });
    const result = (toolCallId: string) => ({
      type: 'tool-result' as const,
      toolCallId,
      toolName: 'Read',
      output: { type: 'text' as const, value: `contents of ${toolCallId}` },
    });
    const base = (id: string, second: number) => ({ id, sessionId: 's1', createdAt: at(second) });
    const events: SessionEvent[] = [
      { type: 'SessionStarted', data: { sessionId: 's1', startedAt: at(0) } },
      {
        type: 'UserInputRecorded',
        data: { ...base('m1', 1), kind: 'user_input', role: 'user', content: 'Read both files.' },
      },
      {
        type: 'ToolCallRecorded',
        data: { ...base('m2', 2), kind: 'tool_call', role: 'assistant', content: [call('call_a')] },
      },
      {
        type: 'AssistantTextRecorded',
        data: { ...base('m3', 3), kind: 'assistant_text', role: 'assistant', content: 'Reading.' },
      },
      {
        type: 'CompactBoundaryRecorded',
        data: {
          ...base('b1', 4),
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
      },
      {
        type: 'CompactSummaryRecorded',
        data: {
          ...base('b1s', 5),
          kind: 'compact_summary',
          role: 'user',
          metadata: { summaryForBoundaryId: 'b1' },
          content: 'Reading two files.',
        },
      },
      {
        type: 'ToolCallRecorded',
        data: { ...base('m4', 6), kind: 'tool_call', role: 'assistant', content: [call('call_b')] },
      },
      {
        type: 'ToolResultRecorded',
        data: {
          ...base('m5', 7),
          kind: 'tool_result',
          role: 'tool',
          content: [result('call_a'), result('call_b')],
        },
      },
    ];
    try {
      await appendSessionEvents(fixture.store, 's1', events);
      const context = await fixture.reader.load('s1', { activeAgentName: 'main' });
      if (context.format !== 'model') throw new Error('expected the model format');
      expect(context.messages).toEqual(replayModelView(events, 7).messages);
      expect(context.messages.map((message) => message.sourceMessageIds)).toEqual([
        ['b1s'],
        ['m4'],
        ['m5'],
      ]);
      expect(context.diagnostics.window).toEqual({
        fromRevision: 4,
        toRevision: 7,
        compactBoundaryId: 'b1',
        // 6 for the window and the call before it; none of the 4 before the boundary is of a type
        // the history index looks at (system notes, tool results, pruning marks, rewinds).
        eventsRead: 6,
      });
    } finally {
      await fixture.close();
    }
  });

  it('reads back past a boundary that keeps recent turns, to the first kept message', async () => {
    const fixture = createStoreFixture();
    const at = '2026-04-08T09:00:00.000Z';
    const user = (id: string, content: string): SessionEvent => ({
      type: 'UserInputRecorded',
      data: { id, sessionId: 's1', createdAt: at, kind: 'user_input', role: 'user', content },
    });
    const answer = (id: string, content: string): SessionEvent => ({
      type: 'AssistantTextRecorded',
      data: {
        id,
        sessionId: 's1',
        createdAt: at,
        kind: 'assistant_text',
        role: 'assistant',
        content,
      },
    });
    const events: SessionEvent[] = [
      { type: 'SessionStarted', data: { sessionId: 's1', startedAt: at } },
      {
        type: 'SystemNoteRecorded',
        data: {
          id: 'n1',
          sessionId: 's1',
          createdAt: at,
          kind: 'system_note',
          role: 'system',
          content: 'Be brief.',
        },
      },
      user('u1', 'one'),
      answer('a1', 'did one'),
      user('u2', 'two'),
      answer('a2', 'did two'),
      {
        type: 'CompactBoundaryRecorded',
        data: {
          id: 'b1',
          sessionId: 's1',
          createdAt: at,
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'auto', retainFromMessageId: 'u2' },
        },
      },
      {
        type: 'CompactSummaryRecorded',
        data: {
          id: 's1',
          sessionId: 's1',
          createdAt: at,
          kind: 'compact_summary',
          role: 'user',
          metadata: { summaryForBoundaryId: 'b1' },
          content: 'One was done.',
        },
      },
      user('u3', 'three'),
    ];
    try {
      await appendSessionEvents(fixture.store, 's1', events);
      const context = await fixture.reader.load('s1', { activeAgentName: 'main' });
      expect(context.messages).toEqual(replayModelView(events, events.length - 1).messages);
      expect(
        context.messages.map(
          (message) => 'sourceMessageIds' in message && message.sourceMessageIds,
        ),
      ).toEqual([['n1'], ['s1'], ['u2'], ['a2'], ['u3']]);
      // The window proper starts at the kept turn u2 (revision 4); n1 carries over from before it.
      expect(context.diagnostics.window).toMatchObject({
        fromRevision: 4,
        compactBoundaryId: 'b1',
      });
    } finally {
      await fixture.close();
    }
  });

  it('gives the compact view as a ready-to-send summarization call', async () => {
    const fixture = createStoreFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      const context = await fixture.reader.load('s1', {
        format: 'compact-prompt',
        provider: 'anthropic',
      });
      if (context.format !== 'compact-prompt') throw new Error('expected compact-prompt');
      expect(context.system).toBe(
        `${DEFAULT_SUMMARIZATION_INSTRUCTIONS}\n\n<session-system-prompt>\nWorkspace root is /repo\n</session-system-prompt>`,
      );
      // No tool parts: the summarization call is made without tools.
      expect(context.messages).toEqual([
        { role: 'user', content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。' },
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: '[Tool "Read" was called with {"file_path":"src/auth.ts"} and returned: [Old tool result content cleared]]',
            },
            { type: 'text', text: '我先定位问题，再修改登录逻辑。' },
          ],
        },
        { role: 'user', content: SUMMARIZATION_REQUEST },
      ]);
      const plain = await fixture.reader.load('s1', { format: 'compact' });
      expect(plain.messages.map((message) => 'view' in message && message.view)).toEqual([
        'compact',
        'compact',
        'compact',
        'compact',
        'compact',
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('refuses an unknown session and a revision past the end', async () => {
    const fixture = createStoreFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      await expect(fixture.reader.load('nope')).rejects.toThrow(SessionNotFoundError);
      await expect(fixture.reader.load('s1', { atRevision: 7 })).rejects.toThrow(
        RevisionNotFoundError,
      );
    } finally {
      await fixture.close();
    }
  });
});

function hasReusedMessageIds(events: readonly SessionEvent[]): boolean {
  const ids = events.flatMap((event) =>
    'id' in event.data && typeof event.data.id === 'string' ? [event.data.id] : [],
  );
  return new Set(ids).size !== ids.length;
}
