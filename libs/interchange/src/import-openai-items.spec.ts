import { normalizeSessionEvents } from '@agent-ledger/events';
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

  it('refuses what is not a list of items', () => {
    expect(() => importOpenAiItems({ foo: 1 }, { sessionId: 'oa' })).toThrow(
      /expected OpenAI items/,
    );
  });
});
