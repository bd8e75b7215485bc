import { SEED_EXAMPLE_COMPACTED_AT, seedExampleEvents } from './seed-example-events';
import { seedExampleMessages } from './seed-example-messages';

describe('the seed example', () => {
  it('holds m1–m5 with the seed content, m4 not yet pruned', () => {
    expect(
      seedExampleMessages().map(({ id, kind, role, content, metadata }) => ({
        id,
        kind,
        role,
        content,
        metadata,
      })),
    ).toEqual([
      {
        id: 'm1',
        kind: 'system_note',
        role: 'system',
        content: 'Workspace root is /repo',
        metadata: undefined,
      },
      {
        id: 'm2',
        kind: 'user_input',
        role: 'user',
        content: '帮我看看 src/auth.ts 为什么登录失败，并修一下。',
        metadata: undefined,
      },
      {
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
        metadata: undefined,
      },
      {
        id: 'm4',
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            output: { type: 'text', value: '...长文件...' },
          },
        ],
        metadata: undefined,
      },
      {
        id: 'm5',
        kind: 'assistant_text',
        role: 'assistant',
        content: '我先定位问题，再修改登录逻辑。',
        metadata: undefined,
      },
    ]);
  });

  it('logs them in session s1, then prunes m4', () => {
    const events = seedExampleEvents();
    expect(events.map((event) => event.type)).toEqual([
      'SessionStarted',
      'SystemNoteRecorded',
      'UserInputRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'AssistantTextRecorded',
      'ToolResultsPruned',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'ToolResultsPruned',
      data: {
        sessionId: 's1',
        messageIds: ['m4'],
        compactedAt: '2026-04-08T10:00:00Z',
        reason: 'Old tool result no longer needed in full',
      },
    });
    expect(SEED_EXAMPLE_COMPACTED_AT).toBe('2026-04-08T10:00:00Z');
  });

  it('gives fresh copies', () => {
    const first = seedExampleMessages();
    first[0]!.id = 'changed';
    expect(seedExampleMessages()[0]?.id).toBe('m1');
  });
});
