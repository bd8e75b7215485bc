import type { ModelMessage } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
import { toAiSdkMessages } from './to-ai-sdk-messages';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

/** The seed's "Model Messages (after projectToModel)". */
const seedModelMessages: ModelMessage[] = [
  {
    view: 'model',
    role: 'system',
    semanticType: 'system_note',
    sourceMessageIds: ['m1'],
    content: 'Workspace root is /repo',
  },
  {
    view: 'model',
    role: 'user',
    semanticType: 'user_input',
    sourceMessageIds: ['m2'],
    content: '帮我看看 src/auth.ts ...',
  },
  {
    view: 'model',
    role: 'assistant',
    semanticType: 'tool_call',
    sourceMessageIds: ['m3'],
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
    view: 'model',
    role: 'tool',
    semanticType: 'tool_result',
    sourceMessageIds: ['m4'],
    metadata: { compacted: true },
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        output: { type: 'text', value: '[Old tool result content cleared]' },
      },
    ],
  },
  {
    view: 'model',
    role: 'assistant',
    semanticType: 'assistant_text',
    sourceMessageIds: ['m5'],
    content: '我先定位问题，再修改登录逻辑。',
  },
];

/** The seed's "AI SDK Messages", with the `toolName` the AI SDK requires on the tool result. */
const seedAiSdkMessages: AiSdkModelMessage[] = [
  { role: 'system', content: 'Workspace root is /repo' },
  { role: 'user', content: '帮我看看 src/auth.ts ...' },
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
  { role: 'assistant', content: '我先定位问题，再修改登录逻辑。' },
];

describe('the seed example', () => {
  it('serializes to exactly the seed AI SDK messages without a provider', () => {
    expect(toAiSdkMessages(seedModelMessages)).toEqual(seedAiSdkMessages);
  });

  it('serializes to exactly the seed AI SDK messages for anthropic, with no fallback', () => {
    expect(toAiSdkMessagesWithReport(seedModelMessages, { provider: 'anthropic' })).toEqual({
      messages: seedAiSdkMessages,
      fallbacks: [],
    });
  });

  it('serializes the same when the tool result already carries its toolName', () => {
    const [m1, m2, m3, m4, m5] = seedModelMessages;
    const named: ModelMessage = {
      ...m4!,
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'Read',
          output: { type: 'text', value: '[Old tool result content cleared]' },
        },
      ],
    };
    expect(toAiSdkMessages([m1!, m2!, m3!, named, m5!], { provider: undefined })).toEqual(
      seedAiSdkMessages,
    );
  });
});
