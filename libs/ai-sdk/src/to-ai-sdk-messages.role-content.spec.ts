import { modelMessageSchema } from 'ai';
import { modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('role/content conversion', () => {
  describe('text kinds', () => {
    it('keep string content as string content of their role', () => {
      const report = toAiSdkMessagesWithReport(
        [
          m('m1', 'user', 'compact_summary', 'Earlier: the user asked to fix login.'),
          m('m2', 'assistant', 'assistant_text', 'Looking at it.'),
          m('m3', 'user', 'user_input', 'Thanks'),
        ],
        { provider: 'openai' },
      );
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Earlier: the user asked to fix login.' },
          { role: 'assistant', content: 'Looking at it.' },
          { role: 'user', content: 'Thanks' },
        ],
        fallbacks: [],
      });
    });

    it('send compact and handoff summaries as plain user messages, unwrapped', () => {
      const report = toAiSdkMessagesWithReport([
        m('m1', 'user', 'handoff_summary', 'Planner found the bug in src/auth.ts.'),
        m('m2', 'assistant', 'assistant_text', 'Fixing it.'),
      ]);
      expect(report.messages).toEqual([
        { role: 'user', content: 'Planner found the bug in src/auth.ts.' },
        { role: 'assistant', content: 'Fixing it.' },
      ]);
    });
  });

  describe('media parts', () => {
    it('pass base64 and URL strings through as strings, which modelMessageSchema accepts', () => {
      const { messages, fallbacks } = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', [
          { type: 'text', text: 'What is in these?' },
          { type: 'image', image: PNG, mediaType: 'image/png' },
          { type: 'image', image: 'https://example.com/cat.png' },
          {
            type: 'file',
            data: `data:application/pdf;base64,JVBERi0=`,
            mediaType: 'application/pdf',
            filename: 'a.pdf',
          },
        ]),
      ]);
      expect(messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image', image: PNG, mediaType: 'image/png' },
            { type: 'image', image: 'https://example.com/cat.png' },
            {
              type: 'file',
              data: 'data:application/pdf;base64,JVBERi0=',
              mediaType: 'application/pdf',
              filename: 'a.pdf',
            },
          ],
        },
      ]);
      expect(fallbacks).toEqual([]);
      expect(messages.map((message) => modelMessageSchema.safeParse(message).success)).toEqual([
        true,
      ]);
    });

    it('send an image of an assistant message as a file part (for Google, which sends it)', () => {
      const report = toAiSdkMessagesWithReport(
        [
          m('m0', 'user', 'user_input', 'Draw a dot'),
          m('m1', 'assistant', 'assistant_text', [
            { type: 'image', image: PNG, mediaType: 'image/png' },
          ]),
        ],
        { provider: 'google' },
      );
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Draw a dot' },
          { role: 'assistant', content: [{ type: 'file', data: PNG, mediaType: 'image/png' }] },
        ],
        fallbacks: [
          {
            rule: 'misplaced-part-moved',
            detail:
              'part 0 (image) of assistant_text message [m1] sent as a file part (assistant messages take no images).',
            sourceMessageIds: ['m1'],
          },
        ],
      });
    });
  });

  describe('tool results', () => {
    it('get toolName from their call when they have none', () => {
      const { messages } = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', 'List files'),
        m('m2', 'assistant', 'tool_call', [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: { command: 'ls' } },
        ]),
        m('m3', 'tool', 'tool_result', [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            output: { type: 'json', value: { files: ['a.ts'] } },
          },
        ]),
      ]);
      expect(messages[2]).toEqual({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Bash',
            output: { type: 'json', value: { files: ['a.ts'] } },
          },
        ],
      });
    });

    it("take the call's toolName when theirs differs, and report it", () => {
      const { messages, fallbacks } = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', 'List files'),
        m('m2', 'assistant', 'tool_call', [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: {} },
        ]),
        m('m3', 'tool', 'tool_result', [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Shell',
            output: { type: 'text', value: 'a.ts' },
          },
        ]),
      ]);
      expect(messages[2]).toEqual({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Bash',
            output: { type: 'text', value: 'a.ts' },
          },
        ],
      });
      expect(fallbacks).toEqual([
        {
          rule: 'tool-name-mismatch',
          detail: "Tool result for call_1 names Shell, its call Bash; the call's name was used.",
          sourceMessageIds: ['m3'],
        },
      ]);
    });
  });

  describe('reasoning', () => {
    it('is kept on assistant messages, in order with the text and calls of its step', () => {
      const { messages } = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', 'Fix login'),
        m('m2', 'assistant', 'assistant_reasoning', [
          { type: 'reasoning', text: 'Read auth.ts first.' },
        ]),
        m('m3', 'assistant', 'assistant_text', 'Reading.'),
        m('m4', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Read',
            input: { file_path: 'src/auth.ts' },
          },
        ]),
        m('m5', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'code' } },
        ]),
      ]);
      expect(messages).toEqual([
        { role: 'user', content: 'Fix login' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Read auth.ts first.' },
            { type: 'text', text: 'Reading.' },
            {
              type: 'tool-call',
              toolCallId: 'call_1',
              toolName: 'Read',
              input: { file_path: 'src/auth.ts' },
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
              output: { type: 'text', value: 'code' },
            },
          ],
        },
      ]);
    });

    it('outside an assistant message is dropped and reported', () => {
      const report = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', [
          { type: 'reasoning', text: 'not the user’s' },
          { type: 'text', text: 'Hi' },
        ]),
      ]);
      expect(report).toEqual({
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        fallbacks: [
          {
            rule: 'misplaced-part-dropped',
            detail:
              'part 0 (reasoning) of user_input message [m1] has no meaning outside an assistant message; removed.',
            sourceMessageIds: ['m1'],
          },
        ],
      });
    });
  });

  describe('approval parts', () => {
    it('put the request in the assistant content after its call, the response in the tool content before the result', () => {
      const report = toAiSdkMessagesWithReport([
        m('m1', 'user', 'user_input', 'Delete the build folder'),
        m('m2', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Bash',
            input: { command: 'rm -rf dist' },
          },
        ]),
        m('m3', 'assistant', 'tool_call', [
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
        ]),
        m('m4', 'tool', 'tool_result', [
          { type: 'tool-approval-response', approvalId: 'approval_1', approved: true },
        ]),
        m('m5', 'tool', 'tool_result', [
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'removed' } },
        ]),
      ]);
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Delete the build folder' },
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'Bash',
                input: { command: 'rm -rf dist' },
              },
              { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
            ],
          },
          {
            role: 'tool',
            content: [
              { type: 'tool-approval-response', approvalId: 'approval_1', approved: true },
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Bash',
                output: { type: 'text', value: 'removed' },
              },
            ],
          },
        ],
        fallbacks: [],
      });
    });
  });

  describe('parts in a message of the wrong role', () => {
    it('are moved to a message of the role that takes them, in part order', () => {
      const report = toAiSdkMessagesWithReport(
        [
          m('m1', 'user', 'user_input', 'Run it'),
          m('m2', 'assistant', 'tool_call', [
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: {} },
          ]),
          m('m3', 'tool', 'tool_result', [
            { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'ok' } },
            { type: 'text', text: 'note from the tool runner' },
          ]),
        ],
        { provider: 'openai' },
      );
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Run it' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: {} }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Bash',
                output: { type: 'text', value: 'ok' },
              },
            ],
          },
          { role: 'user', content: [{ type: 'text', text: 'note from the tool runner' }] },
        ],
        fallbacks: [
          {
            rule: 'misplaced-part-moved',
            detail: 'part 1 (text) of tool_result message [m3] moved to a user message.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });
  });
});
