import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { projectToModel } from '@agent-ledger/projections';
import type { RecordModelCall } from '@agent-ledger/sessions';
import { importClaudeCode } from './import-claude-code';
import type { ImportPlan } from './import-plan';
import { decidePlan, modelPromptViolations, readFixture } from './testing';

const SESSION = 'cc-session-1';
const SUBAGENT = `${SESSION}.agent-a7f3c1`;

function importFixture(): ImportPlan {
  return importClaudeCode({
    session: { name: `${SESSION}.jsonl`, text: readFixture(`claude-code/${SESSION}.jsonl`) },
    subagents: [
      {
        name: 'agent-a7f3c1.jsonl',
        text: readFixture(`claude-code/${SESSION}/subagents/agent-a7f3c1.jsonl`),
      },
    ],
  });
}

function messagesOf(events: readonly SessionEvent[] | undefined): RuntimeMessage[] {
  return normalizeSessionEvents(events ?? []).messages;
}

function byId(messages: readonly RuntimeMessage[], id: string): RuntimeMessage | undefined {
  return messages.find((message) => message.id === id);
}

describe('importClaudeCode', () => {
  const plan = importFixture();
  const streams = decidePlan(plan);
  const main = messagesOf(streams.get(SESSION));

  describe('the main line', () => {
    it('holds every user and assistant entry of the main chain, in order, and nothing of the rewound branch', () => {
      expect(main.map((message) => `${message.id} ${message.kind}`)).toEqual([
        'u0 user_input',
        'u1 user_input',
        'a1 assistant_reasoning',
        'a2 assistant_text',
        'a3 tool_call',
        'r1 tool_result',
        'r2 tool_result',
        'a5 tool_call',
        'r3 tool_result',
        'u2 user_input',
        'a6 tool_call',
        'r4 tool_result',
        'a7 assistant_text',
        'b1 compact_boundary',
        'cs1 compact_summary',
        'u3 user_input',
        'a8 tool_call',
        'r5 tool_result',
        'a9 assistant_text',
        'u4 user_input',
        'a10 assistant_text',
      ]);
    });

    it('notes the rewound branch and each bookkeeping line it skipped', () => {
      const skipped = plan.report.notes.filter((note) => note.action === 'skipped');
      expect(skipped.map(({ reason, count }) => [reason, count])).toEqual([
        ['bookkeeping line (file-history-snapshot)', 1],
        ['bookkeeping line (progress)', 1],
        ['entry not on the main line (a rewound branch)', 2],
        ['bookkeeping line (system turn_duration)', 1],
        ['bookkeeping line (summary)', 1],
      ]);
    });
  });

  describe('assistant entries of one API response', () => {
    it('joins them: reasoning with its signature, text, and the parallel tool calls in one message', () => {
      expect(main.slice(2, 5).map(({ kind, content }) => ({ kind, content }))).toEqual([
        {
          kind: 'assistant_reasoning',
          content: [
            {
              type: 'reasoning',
              text: 'I should read the file and the test.',
              providerOptions: { anthropic: { signature: 'sig-abc' } },
            },
          ],
        },
        { kind: 'assistant_text', content: [{ type: 'text', text: 'Let me read both files.' }] },
        {
          kind: 'tool_call',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'toolu_1',
              toolName: 'Read',
              input: { file_path: 'src/auth.ts' },
            },
            {
              type: 'tool-call',
              toolCallId: 'toolu_2',
              toolName: 'Read',
              input: { file_path: 'test/auth.spec.ts' },
            },
          ],
        },
      ]);
    });

    it('records one model call per response with its usage, cache reads and writes included', () => {
      const first = plan.sessions[0]?.commands.find(
        (command): command is RecordModelCall => command.type === 'RecordModelCall',
      );
      expect(first?.call).toEqual({
        callId: 'msg_01:step-0',
        generationId: 'msg_01',
        stepNumber: 0,
        provider: 'anthropic.messages',
        modelId: 'claude-sonnet-4-5-20250929',
        responseId: 'msg_01',
        finishReason: 'tool-calls',
        usage: {
          inputTokens: 2120,
          inputTokenDetails: { noCacheTokens: 120, cacheReadTokens: 0, cacheWriteTokens: 2000 },
          outputTokens: 80,
          totalTokens: 2200,
          raw: {
            input_tokens: 120,
            cache_creation_input_tokens: 2000,
            cache_read_input_tokens: 0,
            output_tokens: 80,
            service_tier: 'standard',
          },
        },
      });
      expect(plan.report.modelCalls).toBe(8);
      const calls = (streams.get(SESSION) ?? []).filter(
        (event) => event.type === 'ModelCallRecorded',
      );
      expect(calls.map((event) => event.data.messageIds)).toEqual([
        ['a1', 'a2', 'a3'],
        ['a5'],
        ['a6'],
        ['a7'],
        ['a8'],
        ['a9'],
      ]);
    });

    it('keeps a response Claude Code wrote itself as synthetic text, with no model call', () => {
      expect(byId(main, 'a10')?.metadata).toEqual({ synthetic: true, source: 'runtime' });
    });
  });

  describe('user entries', () => {
    it('keeps tool results as recorded: text, is_error, block content with images', () => {
      expect(['r2', 'r4'].map((id) => byId(main, id)?.content)).toEqual([
        [
          {
            type: 'tool-result',
            toolCallId: 'toolu_2',
            toolName: 'Read',
            output: {
              type: 'error-text',
              value: '<tool_use_error>File does not exist.</tool_use_error>',
            },
          },
        ],
        [
          {
            type: 'tool-result',
            toolCallId: 'toolu_4',
            toolName: 'Screenshot',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'Captured.' },
                { type: 'media', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
              ],
            },
          },
        ],
      ]);
    });

    it('keeps text and images the user attached', () => {
      expect(byId(main, 'u2')?.content).toEqual([
        { type: 'text', text: 'Here is the error screen.' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ]);
    });

    it('keeps isMeta entries as synthetic user input, tagged', () => {
      expect(byId(main, 'u0')?.metadata).toEqual({
        synthetic: true,
        source: 'runtime',
        tags: ['claude-code:isMeta'],
      });
    });
  });

  describe('compaction', () => {
    it('records the boundary with its trigger and tokens, and the summary naming it', () => {
      expect([byId(main, 'b1')?.content, byId(main, 'cs1')?.metadata]).toEqual([
        {
          type: 'compact-boundary',
          trigger: 'auto',
          tokensBefore: 155000,
          reason: 'Conversation compacted',
        },
        { summaryForBoundaryId: 'b1' },
      ]);
    });

    it('gives the model (anthropic) the summary and what came after the boundary, nothing before', () => {
      const view = projectToModel(main, {
        sessionId: SESSION,
        activeAgentName: 'default',
        provider: 'anthropic',
      });
      expect(view.messages.flatMap((message) => message.sourceMessageIds)).toEqual([
        'cs1',
        'u3',
        'a8',
        'r5',
        'a9',
        'u4',
        'a10',
      ]);
    });
  });

  describe('sub-agents', () => {
    it('become their own session, linked to the parent’s Task call', () => {
      const sub = messagesOf(streams.get(SUBAGENT));
      expect(plan.sessions[1]?.parent).toEqual({ sessionId: SESSION, toolCallId: 'toolu_3' });
      expect(sub.map((message) => [message.id, message.kind, message.metadata])).toEqual([
        [
          'sa-u1',
          'user_input',
          {
            agentName: 'Explore',
            extra: { parentSessionId: SESSION, parentToolCallId: 'toolu_3' },
          },
        ],
        ['sa-a1', 'tool_call', { agentName: 'Explore' }],
        ['sa-r1', 'tool_result', { agentName: 'Explore' }],
        ['sa-a2', 'assistant_text', { agentName: 'Explore' }],
      ]);
    });
  });

  it('gives every session a model context every provider accepts', () => {
    for (const [sessionId, events] of streams) {
      expect(modelPromptViolations(events, sessionId)).toEqual([]);
    }
  });

  it('is idempotent: importing the same files again appends nothing', () => {
    const again = decidePlan(importFixture(), streams);
    for (const [sessionId, events] of again) {
      expect(events).toHaveLength(streams.get(sessionId)?.length ?? -1);
    }
  });
});

describe('importClaudeCode: a compact boundary whose logical parent is not in the file', () => {
  const plan = importClaudeCode({
    session: {
      name: 'cc-missing-parent.jsonl',
      text: readFixture('claude-code/cc-missing-logical-parent.jsonl'),
    },
  });
  const streams = decidePlan(plan);
  const messages = messagesOf(streams.get('cc-missing-parent'));

  it('joins the main line at the entry before it in the file: nothing before it is taken for a rewound branch', () => {
    expect(messages.map((message) => `${message.id} ${message.kind}`)).toEqual([
      'mu1 user_input',
      'ma1 assistant_text',
      'mu2 user_input',
      'ma2 assistant_text',
      'mb1 compact_boundary',
      'mcs1 compact_summary',
      'mu3 user_input',
      'ma3 assistant_text',
    ]);
    expect(plan.report.notes.filter((note) => note.reason.includes('rewound'))).toEqual([]);
  });

  it('starts the session with its first messages, not with the compaction', () => {
    expect(plan.sessions[0]?.commands[0]).toMatchObject({
      type: 'AppendMessages',
      messages: [{ id: 'mu1' }],
    });
  });
});

describe('importClaudeCode: a compaction at the very start of a file', () => {
  // Only the part after a compaction was kept: nothing is before the boundary.
  const text = readFixture('claude-code/cc-missing-logical-parent.jsonl')
    .split('\n')
    .filter((line) => !/"uuid":"m[ua][12]"/.test(line))
    .join('\n');
  const plan = importClaudeCode({ session: { name: 'cc-after-compaction.jsonl', text } });
  const messages = messagesOf(decidePlan(plan).get('cc-missing-parent'));

  it('keeps the summary as synthetic user input and leaves the boundary out, noted, so the plan starts the session', () => {
    expect(plan.sessions[0]?.commands[0]?.type).toBe('AppendMessages');
    expect(messages.map((message) => [message.id, message.kind, message.metadata])).toEqual([
      ['mcs1', 'user_input', { synthetic: true, source: 'runtime', tags: ['compact-summary'] }],
      ['mu3', 'user_input', undefined],
      ['ma3', 'assistant_text', undefined],
    ]);
    expect(plan.report.notes).toContainEqual({
      action: 'skipped',
      reason:
        'compact boundary at the start of the session (nothing before it to compact): its summary kept as synthetic user input',
      count: 1,
      examples: ['mb1'],
    });
  });
});
