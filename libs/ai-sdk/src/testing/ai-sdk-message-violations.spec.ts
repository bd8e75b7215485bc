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

  it('allows consecutive user messages and (in place) late system text for openai only', () => {
    const messages = [
      { role: 'user' as const, content: 'a' },
      { role: 'user' as const, content: 'b' },
      { role: 'system' as const, content: 'note' },
    ];
    expect(
      aiSdkMessageViolations(messages, { provider: 'openai', systemMessages: 'in-place' }),
    ).toEqual([]);
    expect(aiSdkMessageViolations(messages, { provider: 'openai' })).toEqual([
      'messages[2] (system) is a system message after the start',
    ]);
    expect(aiSdkMessageViolations(messages, { provider: 'google' })).toEqual([
      'messages[1] (user) follows another user message',
      'messages[2] (system) is a system message after the start',
    ]);
  });

  it('reports provider-executed calls, inline results and files the provider would not send', () => {
    const messages = [
      { role: 'user' as const, content: 'Search' },
      {
        role: 'assistant' as const,
        content: [
          {
            type: 'tool-call' as const,
            toolCallId: 'ws_1',
            toolName: 'web_search',
            input: {},
            providerExecuted: true,
          },
          {
            type: 'tool-result' as const,
            toolCallId: 'ws_1',
            toolName: 'web_search',
            output: { type: 'json' as const, value: [] },
          },
          { type: 'file' as const, data: 'cGxhaW4=', mediaType: 'text/plain' },
          {
            type: 'file' as const,
            data: 'https://example.com/a.pdf',
            mediaType: 'application/pdf',
          },
        ],
      },
    ];
    expect(aiSdkMessageViolations(messages, { provider: 'google' })).toEqual([
      'messages[1] (assistant) part 0 is a provider-executed tool call, not text',
      'messages[1] (assistant) part 1 is a tool result in an assistant message',
      'messages[1] (assistant) part 3 is a file part that is not inline data',
    ]);
    expect(aiSdkMessageViolations(messages, { provider: 'anthropic' }).slice(2)).toEqual([
      'messages[1] (assistant) part 2 is a file part that the provider drops',
      'messages[1] (assistant) part 3 is a file part that the provider drops',
    ]);
  });
});
