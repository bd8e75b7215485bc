import type { ModelMessage } from '@agent-ledger/projections';
import {
  assertAnthropicRequestValid,
  captureAnthropicRequest,
  languageModelPromptViolations,
  modelMessage as m,
  promptSeenByMockModel,
} from './testing';
import { toAiSdkPrompt } from './to-ai-sdk-prompt';

/** The seed example's model view, plus a runtime reminder that arrives while the tool runs. */
const history: ModelMessage[] = [
  m('m1', 'system', 'system_note', 'Workspace root is /repo'),
  m('m2', 'user', 'user_input', '帮我看看 src/auth.ts ...'),
  m('m3', 'assistant', 'tool_call', [
    {
      type: 'tool-call',
      toolCallId: 'call_1',
      toolName: 'Read',
      input: { file_path: 'src/auth.ts' },
    },
  ]),
  m('m6', 'system', 'runtime_reminder', 'src/auth.ts changed on disk.'),
  m('m4', 'tool', 'tool_result', [
    {
      type: 'tool-result',
      toolCallId: 'call_1',
      output: { type: 'text', value: '[Old tool result content cleared]' },
    },
  ]),
  m('m5', 'assistant', 'assistant_text', '我先定位问题，再修改登录逻辑。'),
];

describe('through generateText with MockLanguageModelV3', () => {
  it('the model receives every tool call answered and no system message after the first', async () => {
    const prompt = await promptSeenByMockModel(toAiSdkPrompt(history, { provider: 'anthropic' }));
    expect(prompt).toEqual([
      { role: 'system', content: 'Workspace root is /repo' },
      { role: 'user', content: [{ type: 'text', text: '帮我看看 src/auth.ts ...' }] },
      {
        role: 'assistant',
        content: [
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
            output: { type: 'text', value: '[Old tool result content cleared]' },
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<system-reminder>\nsrc/auth.ts changed on disk.\n</system-reminder>',
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: '我先定位问题，再修改登录逻辑。' }] },
    ]);
    expect(languageModelPromptViolations(prompt, { provider: 'anthropic' })).toEqual([]);
  });
});

describe('through @ai-sdk/anthropic with a capturing fetch', () => {
  it('the request body obeys the Messages API rules', async () => {
    const body = await captureAnthropicRequest(toAiSdkPrompt(history, { provider: 'anthropic' }));
    expect(() => assertAnthropicRequestValid(body)).not.toThrow();
    expect(body).toMatchObject({
      system: [{ type: 'text', text: 'Workspace root is /repo' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: '帮我看看 src/auth.ts ...' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_1', name: 'Read', input: { file_path: 'src/auth.ts' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'call_1',
              content: '[Old tool result content cleared]',
            },
            {
              type: 'text',
              text: '<system-reminder>\nsrc/auth.ts changed on disk.\n</system-reminder>',
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: '我先定位问题，再修改登录逻辑。' }] },
      ],
    });
  });
});
