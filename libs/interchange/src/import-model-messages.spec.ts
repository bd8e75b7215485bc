import { toAiSdkMessages } from '@agent-ledger/ai-sdk';
import { normalizeSessionEvents } from '@agent-ledger/events';
import { projectToModel } from '@agent-ledger/projections';
import { importModelMessages } from './import-model-messages';
import { decidePlan, modelPromptViolations, readFixture } from './testing';

describe('importModelMessages', () => {
  const source = JSON.parse(readFixture('model-messages/prompt.json')) as unknown[];
  const plan = importModelMessages(source, { sessionId: 'mm' });
  const streams = decidePlan(plan);
  const events = streams.get('mm') ?? [];
  const messages = normalizeSessionEvents(events).messages;

  it('gives positional ids and splits an assistant message by part kind', () => {
    expect(messages.map((message) => `${message.id} ${message.kind}`)).toEqual([
      'm0 system_note',
      'm1 user_input',
      'm2:0 assistant_reasoning',
      'm2:1 assistant_text',
      'm2:2 tool_call',
      'm3 tool_result',
      'm4 assistant_text',
    ]);
  });

  it('round-trips: ModelMessage → ledger → the model messages a provider gets', () => {
    const view = projectToModel(messages, {
      sessionId: 'mm',
      activeAgentName: 'default',
      provider: 'anthropic',
      includeReasoning: true,
    });
    expect(toAiSdkMessages(view.messages, { provider: 'anthropic' })).toEqual(source);
  });

  it('gives a model context every provider accepts, and imports idempotently', () => {
    expect(modelPromptViolations(events, 'mm')).toEqual([]);
    expect(decidePlan(plan, streams).get('mm')).toHaveLength(events.length);
  });

  it('refuses a message the AI SDK would refuse, naming it', () => {
    expect(() =>
      importModelMessages([{ role: 'robot', content: 'x' }], { sessionId: 'mm' }),
    ).toThrow(/^messages\[0\]: not an AI SDK ModelMessage/);
  });
});
