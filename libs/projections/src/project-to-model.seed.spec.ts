import type { RuntimeMessage } from '@agent-ledger/messages';
import { seedExampleModelMessages } from '@agent-ledger/testing';
import { projectToModel } from './project-to-model';
import type { ModelMessage } from './types';

const base = { sessionId: 's1', createdAt: '2026-04-08T09:00:00Z' } as const;

/** The seed's worked example: the user asks to fix src/auth.ts, the model reads it. */
const seedRuntimeMessages: RuntimeMessage[] = [
  { ...base, id: 'm1', kind: 'system_note', role: 'system', content: 'Workspace root is /repo' },
  {
    ...base,
    id: 'm2',
    kind: 'user_input',
    role: 'user',
    content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
  },
  {
    ...base,
    id: 'm3',
    kind: 'tool_call',
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
    ...base,
    id: 'm4',
    kind: 'tool_result',
    role: 'tool',
    metadata: { compactedAt: '2026-04-08T10:00:00Z' },
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'Read',
        output: { type: 'text', value: 'export function login() { /* ...长文件... */ }' },
      },
    ],
  },
  {
    ...base,
    id: 'm5',
    kind: 'assistant_text',
    role: 'assistant',
    content: '我先定位问题，再修改登录逻辑。',
  },
];

describe('projectToModel: the seed worked example', () => {
  it('gives exactly the seed Model Messages, the pruned result as the seed stub', () => {
    // The seed's Model Messages, with the toolName normalization fills in on m4's part.
    const expected: ModelMessage[] = seedExampleModelMessages();

    const result = projectToModel(seedRuntimeMessages, {
      sessionId: 's1',
      activeAgentName: 'build',
    });

    expect(result).toStrictEqual({
      messages: expected,
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: ['m4'], injectedNotes: [] },
    });
  });
});
