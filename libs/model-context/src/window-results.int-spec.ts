import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createStoreFixture } from './testing/store-fixture';

const at = (second: number): string => `2026-04-08T09:00:${String(second).padStart(2, '0')}Z`;
const message = (
  id: string,
  second: number,
  fields: Pick<RuntimeMessage, 'kind' | 'role'> & { content: unknown },
): SessionEvent =>
  messageRecorded({ id, sessionId: 's1', createdAt: at(second), ...fields } as RuntimeMessage);

const compaction = (second: number): SessionEvent[] => [
  message('b1', second, {
    kind: 'compact_boundary',
    role: 'system',
    content: { type: 'compact-boundary', trigger: 'manual' },
  }),
  messageRecorded({
    id: 'b1-summary',
    sessionId: 's1',
    createdAt: at(second),
    kind: 'compact_summary',
    role: 'user',
    metadata: { summaryForBoundaryId: 'b1' },
    content: 'Reading the auth module.',
  }),
];
const readCall = message('m3', 5, {
  kind: 'tool_call',
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: { file_path: 'a.ts' } },
  ],
});
const readResult = message('m2', 2, {
  kind: 'tool_result',
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'A' } }],
});

describe('the model window and results recorded before their calls', () => {
  it('meets a result recorded before the boundary, its call after it, and answers the call with it', async () => {
    const fixture = createStoreFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', [
        message('m1', 1, { kind: 'user_input', role: 'user', content: 'Read a.ts.' }),
        readResult,
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['m2'],
            compactedAt: '2026-04-08T09:30:00Z',
            reason: 'old',
          },
        },
        ...compaction(3),
        readCall,
      ]);
      const context = await fixture.reader.load('s1');
      expect(context.messages.slice(1)).toEqual([
        {
          view: 'model',
          role: 'assistant',
          semanticType: 'tool_call',
          sourceMessageIds: ['m3'],
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Read',
              input: { file_path: 'a.ts' },
            },
          ],
        },
        {
          view: 'model',
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['m2:repair:moved'],
          metadata: { compacted: true },
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: '[Old tool result content cleared]' },
            },
          ],
        },
      ]);
      expect(context.diagnostics.repairs).toEqual([
        {
          type: 'tool-result-moved',
          messageId: 'm2',
          toolCallId: 'call_1',
          callMessageId: 'm3',
          syntheticMessageId: 'm2:repair:moved',
          revision: 5,
          detail:
            'Result of tool call "call_1" was recorded in "m2" before its call in "m3"; "m2:repair:moved", a copy of it, was placed right after the call for the model ("m2" stays where it was recorded, hidden from the model).',
        },
      ]);
    } finally {
      await fixture.close();
    }
  });

  it('says no result was recorded only when none is, before the boundary or after it', async () => {
    const fixture = createStoreFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', [
        message('m1', 1, { kind: 'user_input', role: 'user', content: 'Read a.ts.' }),
        ...compaction(3),
        readCall,
      ]);
      const context = await fixture.reader.load('s1');
      expect(context.messages.at(-1)).toEqual({
        view: 'model',
        role: 'tool',
        semanticType: 'tool_result',
        sourceMessageIds: ['m3:repair:call_1'],
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'error-text', value: 'No result was recorded for this tool call.' },
          },
        ],
      });
    } finally {
      await fixture.close();
    }
  });
});
