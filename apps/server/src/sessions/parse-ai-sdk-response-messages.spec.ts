import { parseAiSdkResponseMessages } from './parse-ai-sdk-response-messages';

describe('parseAiSdkResponseMessages', () => {
  it('accepts assistant and tool messages as the AI SDK writes them', () => {
    const messages = [
      {
        role: 'assistant',
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
      { role: 'assistant', content: 'Done.' },
    ];
    expect(parseAiSdkResponseMessages(messages)).toEqual({ ok: true, messages });
  });

  it('names the message and field of each complaint, for the part type the value declares', () => {
    expect(
      parseAiSdkResponseMessages([
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 7, toolName: 'Read', input: {} }],
        },
        { role: 'user', content: 'hi' },
      ]),
    ).toEqual({
      ok: false,
      errors: [
        'messages[0].content[0].toolCallId: Invalid input: expected string, received number',
        'messages[1].role: must be "assistant" or "tool" (a step\'s response messages), got "user"',
      ],
    });
  });

  it('refuses a value that is not an array', () => {
    expect(parseAiSdkResponseMessages({ role: 'assistant' })).toEqual({
      ok: false,
      errors: ['messages: must be an array of AI SDK response messages'],
    });
  });
});
