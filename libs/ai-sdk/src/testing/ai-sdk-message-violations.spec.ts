import { aiSdkMessageViolations } from './ai-sdk-message-violations';

describe('aiSdkMessageViolations', () => {
  it('accepts a well-formed history', () => {
    expect(
      aiSdkMessageViolations([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Read it' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: 'x' },
            },
          ],
        },
      ]),
    ).toEqual([]);
  });

  it('reports schema failures, unanswered calls, late system text and a non-user first turn', () => {
    expect(
      aiSdkMessageViolations(
        [
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
          },
          { role: 'system', content: 'late' },
          // Bypasses the types on purpose: a tool result without its toolName.
          {
            role: 'tool',
            content: [
              { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'x' } },
            ],
          } as never,
        ],
        { provider: 'anthropic' },
      ).map((violation) => violation.split(':')[0]),
    ).toEqual([
      'tool call call_1 in messages[0] is answered 0 times in the next message, expected once',
      'messages[1] (system) is a system message after the start',
      'messages[2] (tool) fails modelMessageSchema',
      'messages[2] is a tool message that does not follow an assistant message with tool calls',
      'the first non-system message is a assistant message, not a user message',
    ]);
  });

  it('allows consecutive user messages and late system text for openai only', () => {
    const messages = [
      { role: 'user' as const, content: 'a' },
      { role: 'user' as const, content: 'b' },
      { role: 'system' as const, content: 'note' },
    ];
    expect(aiSdkMessageViolations(messages, { provider: 'openai' })).toEqual([]);
    expect(aiSdkMessageViolations(messages, { provider: 'google' })).toEqual([
      'messages[1] (user) follows another user message',
      'messages[2] (system) is a system message after the start',
    ]);
  });
});
