import { projectToTranscript } from './project-to-transcript';
import {
  CREATED_AT,
  assistantText,
  boundary,
  history,
  reminder,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };

describe('projectToTranscript', () => {
  it('shows the whole process: boundaries as entries, pruned results complete and flagged', () => {
    const messages = history(
      userInput('u1', 'read it', { agentName: 'build' }),
      toolCall('c1', 'call_1'),
      toolResult('r1', 'call_1', 'file content', { compactedAt: '2026-04-08T10:00:00Z' }),
      boundary('b1'),
      reminder('r2', 'internal', { visibleInTranscript: false }),
      {
        ...userInput('u2', 'go on', { agentName: 'build', effectiveAgentName: 'review' }),
        runId: 'run-2',
      },
    );
    expect(projectToTranscript(messages, context)).toEqual({
      messages: [
        {
          view: 'transcript',
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u1'],
          id: 'u1',
          kind: 'user_input',
          createdAt: CREATED_AT,
          agentName: 'build',
          content: 'read it',
        },
        {
          view: 'transcript',
          role: 'assistant',
          semanticType: 'tool_call',
          sourceMessageIds: ['c1'],
          id: 'c1',
          kind: 'tool_call',
          createdAt: CREATED_AT,
          content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
        },
        {
          view: 'transcript',
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['r1'],
          id: 'r1',
          kind: 'tool_result',
          createdAt: CREATED_AT,
          compactedAt: '2026-04-08T10:00:00Z',
          metadata: { compacted: true },
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: 'file content' },
            },
          ],
        },
        {
          view: 'transcript',
          role: 'system',
          semanticType: 'compact_boundary',
          sourceMessageIds: ['b1'],
          id: 'b1',
          kind: 'compact_boundary',
          createdAt: CREATED_AT,
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
        {
          view: 'transcript',
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u2'],
          id: 'u2',
          kind: 'user_input',
          createdAt: CREATED_AT,
          runId: 'run-2',
          agentName: 'review',
          content: 'go on',
        },
      ],
      diagnostics: { hiddenMessageIds: ['r2'], truncatedMessageIds: [], injectedNotes: [] },
    });
  });

  it("shows a provider's compaction artifact as a provider compaction entry, and the copies it kept as copies", () => {
    const item = {
      type: 'text' as const,
      text: '',
      providerOptions: { openai: { type: 'compaction', encryptedContent: 'gAAAA' } },
    };
    const messages = history(
      userInput('u1', 'What is 2 + 3?'),
      userInput('u1-copy', 'What is 2 + 3?', { repeatsMessageId: 'u1' }),
      { ...assistantText('cmp', ''), content: [item] },
    );
    expect(
      projectToTranscript(messages, context).messages.map(
        ({ id, providerCompaction, repeatsMessageId }) => ({
          id,
          providerCompaction,
          repeatsMessageId,
        }),
      ),
    ).toEqual([
      { id: 'u1', providerCompaction: undefined, repeatsMessageId: undefined },
      { id: 'u1-copy', providerCompaction: undefined, repeatsMessageId: 'u1' },
      {
        id: 'cmp',
        providerCompaction: { family: 'openai', artifact: 'openai-compaction-item' },
        repeatsMessageId: undefined,
      },
    ]);
  });

  it('projects an empty history to an empty transcript', () => {
    expect(projectToTranscript([], context)).toEqual({
      messages: [],
      diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
    });
  });
});
