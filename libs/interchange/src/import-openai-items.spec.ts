import { normalizeSessionEvents } from '@agent-ledger/events';
import { applyProviderCompaction, projectToModel } from '@agent-ledger/projections';
import { importOpenAiItems } from './import-openai-items';
import { decidePlan, modelPromptViolations, readFixture } from './testing';

describe('importOpenAiItems', () => {
  const plan = importOpenAiItems(JSON.parse(readFixture('openai/response-items.json')), {
    sessionId: 'oa',
  });
  const streams = decidePlan(plan);
  const events = streams.get('oa') ?? [];
  const messages = normalizeSessionEvents(events).messages;

  it('maps messages, reasoning, parallel function calls and their outputs', () => {
    expect(messages.map(({ id, kind, content }) => ({ id, kind, content }))).toEqual([
      { id: 'item-0', kind: 'system_note', content: 'Answer in one sentence.' },
      {
        id: 'item-1',
        kind: 'user_input',
        content: [
          { type: 'text', text: 'Weather in Oslo and Rome?' },
          { type: 'image', image: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
        ],
      },
      {
        id: 'rs_1',
        kind: 'assistant_reasoning',
        content: [
          {
            type: 'reasoning',
            text: 'Two cities: two calls.',
            providerOptions: {
              openai: { itemId: 'rs_1', reasoningEncryptedContent: 'gAAAA-opaque' },
            },
          },
        ],
      },
      {
        id: 'fc_1',
        kind: 'tool_call',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_oslo',
            toolName: 'weather',
            input: { city: 'Oslo' },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_rome',
            toolName: 'weather',
            input: { city: 'Rome' },
          },
        ],
      },
      {
        id: 'call_oslo',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_oslo',
            toolName: 'weather',
            output: { type: 'text', value: '4°C, snow' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_rome',
            toolName: 'weather',
            output: { type: 'content', value: [{ type: 'text', text: '19°C, sun' }] },
          },
        ],
      },
      {
        id: 'msg_9',
        kind: 'assistant_text',
        content: [{ type: 'text', text: 'Oslo is snowy at 4°C; Rome sunny at 19°C.' }],
      },
    ]);
    expect(plan.report.notes).toEqual([
      {
        action: 'skipped',
        reason: 'item type web_search_call (no runtime-message counterpart)',
        count: 1,
        examples: ['items[7]'],
      },
    ]);
  });

  it('records a Response as one model call with its usage', () => {
    const response = importOpenAiItems(JSON.parse(readFixture('openai/response.json')), {
      sessionId: 'oa',
    });
    const recorded = decidePlan(response).get('oa') ?? [];
    const call = recorded.find((event) => event.type === 'ModelCallRecorded');
    expect(call?.data).toMatchObject({
      callId: 'resp_42:step-0',
      provider: 'openai.responses',
      modelId: 'gpt-5-2025-08-07',
      usage: {
        inputTokens: 12,
        inputTokenDetails: { cacheReadTokens: 0 },
        outputTokens: 30,
        outputTokenDetails: { reasoningTokens: 24 },
        totalTokens: 42,
      },
      messageIds: ['rs_9', 'msg_42'],
    });
    expect(modelPromptViolations(recorded, 'oa')).toEqual([]);
  });

  it('gives a model context every provider accepts, and imports idempotently', () => {
    expect(modelPromptViolations(events, 'oa')).toEqual([]);
    expect(decidePlan(plan, streams).get('oa')).toHaveLength(events.length);
  });

  describe('a compaction item', () => {
    const items = [
      { type: 'message', id: 'msg_1', role: 'user', content: 'What is 2 + 3?' },
      {
        type: 'message',
        id: 'msg_2',
        role: 'assistant',
        content: [{ type: 'output_text', text: '5' }],
      },
      { type: 'compaction', id: 'cmp_1', encrypted_content: 'gAAAA-compacted' },
      { type: 'message', id: 'msg_3', role: 'user', content: 'Double it.' },
    ];

    it('is imported as a provider compaction over the items before it, counted in the report', () => {
      const compacted = importOpenAiItems(items, { sessionId: 'oc' });
      expect(compacted.report.compactions).toBe(1);
      const recorded = decidePlan(compacted).get('oc') ?? [];
      const artifact = normalizeSessionEvents(recorded).messages.find(
        (message) => message.id === 'cmp_1',
      );
      expect(artifact?.content).toEqual([
        {
          type: 'text',
          text: '',
          providerOptions: {
            openai: { type: 'compaction', encryptedContent: 'gAAAA-compacted', itemId: 'cmp_1' },
          },
        },
      ]);
      expect(
        recorded.find((event) => event.type === 'ProviderCompactionRecorded')?.data,
      ).toMatchObject({
        compactionId: 'cmp_1',
        provider: 'openai',
        family: 'openai',
        artifactMessageId: 'cmp_1',
        coversThroughMessageId: 'msg_2',
      });
      // The model view with the compaction applied, as the model context applies it.
      const facts = recorded.find((event) => event.type === 'ProviderCompactionRecorded');
      const sentTo = (provider: string) => {
        const model = projectToModel(normalizeSessionEvents(recorded).messages, {
          sessionId: 'oc',
          activeAgentName: 'default',
          provider,
        });
        const compaction = facts?.type === 'ProviderCompactionRecorded' ? facts.data : undefined;
        return applyProviderCompaction(model.messages, compaction, provider).messages.map(
          (message) => message.sourceMessageIds.join(),
        );
      };
      expect(sentTo('openai')).toEqual(['cmp_1', 'msg_3']);
      expect(sentTo('anthropic')).toEqual(['msg_1', 'msg_2', 'msg_3']);
    });

    it('in a Response, is recorded with the model call that returned it', () => {
      const response = {
        object: 'response',
        id: 'resp_7',
        created_at: 1_767_225_600,
        model: 'gpt-5',
        output: items.slice(2),
        usage: { input_tokens: 10, output_tokens: 2, total_tokens: 12 },
      };
      const recorded = decidePlan(importOpenAiItems(response, { sessionId: 'or' })).get('or') ?? [];
      expect(
        recorded.find((event) => event.type === 'ProviderCompactionRecorded')?.data,
      ).toMatchObject({ family: 'openai', artifactMessageId: 'cmp_1', callId: 'resp_7:step-0' });
    });
  });

  it('refuses what is not a list of items', () => {
    expect(() => importOpenAiItems({ foo: 1 }, { sessionId: 'oa' })).toThrow(
      /expected OpenAI items/,
    );
  });
});
