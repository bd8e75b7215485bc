import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * The seed's worked example (m1–m5) as recorded, before pruning: m4 has no `compactedAt` (the
 * `ToolResultsPruned` event of `seedExampleEvents()` sets it) and no `toolName` (the seed records
 * the result by `toolCallId` alone). Content is exactly the seed's. A fresh copy on every call.
 */
export function seedExampleMessages(): RuntimeMessage[] {
  return [
    {
      id: 'm1',
      sessionId: 's1',
      kind: 'system_note',
      role: 'system',
      createdAt: '2026-04-08T09:00:00Z',
      content: 'Workspace root is /repo',
    },
    {
      id: 'm2',
      sessionId: 's1',
      kind: 'user_input',
      role: 'user',
      createdAt: '2026-04-08T09:00:01Z',
      content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
    },
    {
      id: 'm3',
      sessionId: 's1',
      kind: 'tool_call',
      role: 'assistant',
      createdAt: '2026-04-08T09:00:02Z',
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
      id: 'm4',
      sessionId: 's1',
      kind: 'tool_result',
      role: 'tool',
      createdAt: '2026-04-08T09:00:03Z',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          output: { type: 'text', value: '...长文件...' },
        },
      ],
    },
    {
      id: 'm5',
      sessionId: 's1',
      kind: 'assistant_text',
      role: 'assistant',
      createdAt: '2026-04-08T09:00:04Z',
      content: '我先定位问题，再修改登录逻辑。',
    },
  ];
}
