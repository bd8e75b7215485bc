import type { ModelMessage } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';

/**
 * The seed's "Model Messages (after projectToModel)" for its worked example, with the
 * `toolName: "Read"` that normalization fills in on the tool-result part. A fresh copy per call.
 */
export function seedExampleModelMessages(): ModelMessage[] {
  return [
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
      content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
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
          toolName: 'Read',
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
}

/**
 * The seed's "AI SDK Messages" for its worked example, with the `toolName: "Read"` the AI SDK
 * requires on the tool-result part. A fresh copy per call.
 */
export function seedExampleAiSdkMessages(): AiSdkModelMessage[] {
  return [
    { role: 'system', content: 'Workspace root is /repo' },
    { role: 'user', content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。' },
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
}
