import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { importUiMessages } from './import-ui-messages';
import { decidePlan, modelPromptViolations, readFixture } from './testing';
import { toUiMessages } from './to-ui-messages';

function imported(fixture: string): {
  events: SessionEvent[];
  messages: RuntimeMessage[];
  plan: ReturnType<typeof importUiMessages>;
} {
  const plan = importUiMessages(JSON.parse(readFixture(`ui-messages/${fixture}`)), {
    sessionId: 'chat',
  });
  const events = decidePlan(plan).get('chat') ?? [];
  return { events, messages: normalizeSessionEvents(events).messages, plan };
}

describe('importUiMessages', () => {
  it('maps every part kind and tool state to runtime messages', () => {
    const { messages } = imported('chat.json');
    expect(messages.map((message) => `${message.id} ${message.kind}`)).toEqual([
      'sys system_note',
      'u1 user_input',
      'a1:0 assistant_reasoning',
      'a1:1 tool_call',
      'a1:2 tool_result',
      'a1:3 assistant_text',
      'u2 user_input',
      'a2:0 tool_call',
      'a2:1 tool_approval_request',
      'a2:2 tool_approval_response',
      'a2:3 tool_result',
      'a2:4 assistant_text',
      'u3 user_input',
      'a3:0 assistant_text',
      'a3:1 tool_call',
      'a3:2 tool_approval_request',
      'a3:3 tool_approval_response',
    ]);
    expect(messages.find((message) => message.id === 'a2:3')?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-3',
        toolName: 'book',
        output: { type: 'text', value: 'Booked for 10:00.' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call-4',
        toolName: 'cancelHotel',
        output: { type: 'execution-denied', reason: 'keep the hotel' },
      },
    ]);
    expect(messages.find((message) => message.id === 'a1:2')?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'weather',
        output: { type: 'json', value: { tempC: 18, sky: 'cloudy' } },
      },
      {
        type: 'tool-result',
        toolCallId: 'call-2',
        toolName: 'calendar',
        output: { type: 'error-text', value: 'calendar unavailable' },
      },
    ]);
  });

  it('round-trips: UIMessage → ledger → UIMessage gives the same messages', () => {
    const { messages } = imported('chat.json');
    expect(toUiMessages(messages)).toEqual(JSON.parse(readFixture('ui-messages/chat.json')));
  });

  it('skips what has no runtime counterpart and says so; a dynamic tool keeps its name', () => {
    const { messages, plan } = imported('extras.json');
    expect(messages.find((message) => message.kind === 'tool_call')?.content).toEqual([
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'mcp_search', input: { q: 'x' } },
      { type: 'tool-call', toolCallId: 'call-3', toolName: 'lookup', input: { id: 7 } },
    ]);
    expect(plan.report.notes.map(({ action, reason, count }) => [action, reason, count])).toEqual([
      ['skipped', 'assistant part (source-url)', 1],
      ['skipped', 'assistant part (data-*)', 1],
      ['skipped', 'tool part still streaming its input (no complete call)', 1],
    ]);
  });

  it('gives a model context every provider accepts', () => {
    expect(modelPromptViolations(imported('chat.json').events, 'chat')).toEqual([]);
    expect(modelPromptViolations(imported('extras.json').events, 'chat')).toEqual([]);
  });

  it('is idempotent', () => {
    const plan = importUiMessages(JSON.parse(readFixture('ui-messages/chat.json')), {
      sessionId: 'chat',
    });
    const first = decidePlan(plan);
    expect(decidePlan(plan, first).get('chat')).toHaveLength(first.get('chat')?.length ?? -1);
  });
});
