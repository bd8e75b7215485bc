import { sessionReadableFields } from '@agent-ledger/content-crypto';
import { runtimeMessageOfItem } from '../src/openai-agents';

describe('an OpenAI Agents item under content encryption', () => {
  it('is sealed with the content: nothing of the item stays readable in the log', () => {
    const message = runtimeMessageOfItem(
      {
        type: 'function_call_result',
        callId: 'call_1',
        name: 'lookup',
        status: 'completed',
        output: 'the secret answer',
        providerData: { note: 'private' },
      },
      { id: 'm1', sessionId: 's1', agentName: 'calc' },
    );
    const readable = sessionReadableFields('session-s1', {
      type: 'ToolResultRecorded',
      data: { ...message, createdAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(readable).toEqual({
      id: 'm1',
      sessionId: 's1',
      role: 'tool',
      kind: 'tool_result',
      createdAt: '2026-01-01T00:00:00.000Z',
      metadata: { agentName: 'calc' },
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'lookup' }],
    });
    expect(message.metadata).toMatchObject({
      extra: { openaiAgentsItem: { output: 'the secret answer' } },
    });
  });
});
