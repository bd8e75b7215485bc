import { normalizeSessionEvents } from '@agent-ledger/events';
import { projectToModel } from '@agent-ledger/projections';
import { importOpencode } from './import-opencode';
import { decidePlan, modelPromptViolations, readFixture } from './testing';

const source = (): unknown => JSON.parse(readFixture('opencode/session.json'));

describe('importOpencode', () => {
  const plan = importOpencode(source());
  const streams = decidePlan(plan);
  const events = streams.get('ses_oc1') ?? [];
  const messages = normalizeSessionEvents(events).messages;

  it('maps parts per step, the compaction and the running call, under the session’s own id', () => {
    expect(messages.map((message) => `${message.id} ${message.kind}`)).toEqual([
      'msg_u1 user_input',
      'prt_a1r assistant_reasoning',
      'prt_a1t1:call tool_call',
      'prt_a1t1 tool_result',
      'prt_a1t2 tool_result',
      'prt_a1x assistant_text',
      'prt_u2c compact_boundary',
      'msg_a2 compact_summary',
      'msg_u3 user_input',
      'prt_a3t:call tool_call',
      // the running call has no result yet: normalization repairs it, saying so
      expect.stringMatching(/ tool_result$/),
    ]);
    expect(messages.find((message) => message.id === 'prt_a1t2')?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'toolu_oc2',
        toolName: 'bash',
        output: { type: 'error-text', value: 'exit code 1' },
      },
    ]);
    expect(messages.find((message) => message.id === 'prt_a1r')?.content).toEqual([
      {
        type: 'reasoning',
        text: 'Read the parser first.',
        providerOptions: { anthropic: { signature: 'sig-oc' } },
      },
    ]);
  });

  it('records a model call per step with the step’s tokens, and prunes the output opencode cleared', () => {
    const calls = events.flatMap((event) =>
      event.type === 'ModelCallRecorded' ? [event.data] : [],
    );
    expect(
      calls.map(({ callId, finishReason, usage, messageIds }) => ({
        callId,
        finishReason,
        inputTokens: usage?.inputTokens,
        messageIds,
      })),
    ).toEqual([
      {
        callId: 'msg_a1:step-0',
        finishReason: 'tool-calls',
        inputTokens: 600,
        messageIds: ['prt_a1r', 'prt_a1t1:call'],
      },
      { callId: 'msg_a1:step-1', finishReason: 'stop', inputTokens: 400, messageIds: ['prt_a1x'] },
    ]);
    const pruned = events.flatMap((event) =>
      event.type === 'ToolResultsPruned' ? event.data.messageIds : [],
    );
    expect(pruned).toEqual(['prt_a1t1']);
    expect(
      messages.find((message) => message.id === 'prt_a1t1')?.metadata?.compactedAt,
    ).toBeDefined();
  });

  it('gives the model the summary and what came after the compaction', () => {
    const view = projectToModel(messages, {
      sessionId: 'ses_oc1',
      activeAgentName: 'build',
      provider: 'anthropic',
    });
    expect(view.messages.flatMap((message) => message.sourceMessageIds).slice(0, 3)).toEqual([
      'msg_a2',
      'msg_u3',
      'prt_a3t:call',
    ]);
    expect(modelPromptViolations(events, 'ses_oc1')).toEqual([]);
  });

  it('notes the parts it skipped and the call left open', () => {
    expect(plan.report.notes.map(({ action, reason }) => `${action}: ${reason}`)).toEqual([
      'skipped: assistant part (patch)',
      'mapped: compaction (compaction part and summary message)',
      'mapped: tool part running (no result yet: the call stays open)',
    ]);
  });

  it('is idempotent', () => {
    expect(decidePlan(importOpencode(source()), streams).get('ses_oc1')).toHaveLength(
      events.length,
    );
  });
});
