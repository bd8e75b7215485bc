import { languageModelPromptViolations } from './language-model-prompt-violations';

describe('languageModelPromptViolations', () => {
  it('reports an unanswered call, a stray result and a late system message', () => {
    expect(
      languageModelPromptViolations([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Read it' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
        },
        { role: 'system', content: 'late' },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_2',
              toolName: 'Read',
              output: { type: 'text', value: 'x' },
            },
          ],
        },
      ]),
    ).toEqual([
      'tool call call_1 in prompt[2] is answered 0 times in the next message, expected once',
      'prompt[3] is a system message after the conversation started',
      'tool result call_2 in prompt[4] answers no call of the message before',
    ]);
  });

  it('accepts late system messages for openai', () => {
    expect(
      languageModelPromptViolations(
        [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { role: 'system', content: 'late' },
        ],
        { provider: 'openai', systemMessages: 'in-place' },
      ),
    ).toEqual([]);
  });
});
