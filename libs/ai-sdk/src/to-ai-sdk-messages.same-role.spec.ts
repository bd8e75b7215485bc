import { modelMessage as m } from './testing';
import { toAiSdkMessages } from './to-ai-sdk-messages';

describe('consecutive same-role messages', () => {
  it('merge into one assistant message per step and one tool message per answer, parts in order', () => {
    expect(
      toAiSdkMessages([
        m('m1', 'user', 'user_input', 'Compare a.ts and b.ts'),
        m('m2', 'assistant', 'assistant_text', 'Reading both.'),
        m('m3', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'a.ts' },
          },
        ]),
        m('m4', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'Read',
            input: { file_path: 'b.ts' },
          },
        ]),
        m('m5', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'A' } },
        ]),
        m('m6', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_2', output: { type: 'text', value: 'B' } },
        ]),
      ]),
    ).toEqual([
      { role: 'user', content: 'Compare a.ts and b.ts' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading both.' },
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'a.ts' },
          },
          {
            type: 'tool-call',
            toolCallId: 'call_2',
            toolName: 'Read',
            input: { file_path: 'b.ts' },
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
            output: { type: 'text', value: 'A' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'Read',
            output: { type: 'text', value: 'B' },
          },
        ],
      },
    ]);
  });

  const twoUsers = [
    m('m1', 'user', 'compact_summary', 'Summary of earlier work.'),
    m('m2', 'user', 'user_input', 'Continue'),
  ];

  it.each(['anthropic', 'google', undefined])(
    'merge for user messages when provider %s needs alternating turns, the summary marked',
    (provider) => {
      expect(toAiSdkMessages(twoUsers, { provider })).toEqual([
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: '<compact-summary>\nSummary of earlier work.\n</compact-summary>',
            },
            { type: 'text', text: 'Continue' },
          ],
        },
      ]);
    },
  );

  it('mark a hand-off summary that shares a user turn, and leave user words unmarked', () => {
    expect(
      toAiSdkMessages(
        [
          m('m1', 'user', 'user_input', 'Review it'),
          m('m2', 'user', 'handoff_summary', 'build fixed the login check'),
        ],
        { provider: 'anthropic' },
      ),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Review it' },
          {
            type: 'text',
            text: '<handoff-summary>\nbuild fixed the login check\n</handoff-summary>',
          },
        ],
      },
    ]);
  });

  it('stay apart for user messages with openai, the summary plain', () => {
    expect(toAiSdkMessages(twoUsers, { provider: 'openai' })).toEqual([
      { role: 'user', content: 'Summary of earlier work.' },
      { role: 'user', content: 'Continue' },
    ]);
  });

  it('merge again when a repair makes two messages of one role meet', () => {
    // The orphan result between the two assistant texts is dropped; the texts then meet.
    expect(
      toAiSdkMessages([
        m('m1', 'user', 'user_input', 'Hi'),
        m('m2', 'assistant', 'assistant_text', 'Hello.'),
        m('m3', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_9', output: { type: 'text', value: 'stray' } },
        ]),
        m('m4', 'assistant', 'assistant_text', 'How can I help?'),
      ]),
    ).toEqual([
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Hello.' },
          { type: 'text', text: 'How can I help?' },
        ],
      },
    ]);
  });
});
