import { projectToDebug } from './project-to-debug';
import {
  CREATED_AT,
  boundary,
  history,
  reasoning,
  reminder,
  summary,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import type { ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };

describe('projectToDebug', () => {
  it('lists every runtime message with what the model view did with it and why', () => {
    const messages = history(
      userInput('u0', 'old'),
      boundary('b1'),
      summary('s1', 'summary of old', 'b1'),
      userInput('u1', 'read both', { visibleInTranscript: false }),
      reasoning('t1', 'hidden thought', { eligibleForModelContext: false }),
      toolCall('c1', 'call_1'),
      toolResult('r1', 'call_1', 'abcdefghijklmnopqrstuvwxyz'),
      toolCall('c2', 'call_2'),
      toolResult('r2', 'call_2', 'old', { compactedAt: '2026-04-08T10:00:00Z' }),
      reminder('n1', 'remember'),
    );
    const at = { sessionId: 's1', createdAt: CREATED_AT, view: 'debug' } as const;

    expect(projectToDebug(messages, { ...context, toolResultSoftLimitChars: 10 })).toEqual({
      messages: [
        {
          ...at,
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u0'],
          id: 'u0',
          kind: 'user_input',
          content: 'old',
          model: { status: 'hidden', reason: 'before-compact-boundary:b1' },
          metadata: { hiddenFromModel: true },
        },
        {
          ...at,
          role: 'system',
          semanticType: 'compact_boundary',
          sourceMessageIds: ['b1'],
          id: 'b1',
          kind: 'compact_boundary',
          content: { type: 'compact-boundary', trigger: 'auto' },
          compactScopeBoundaryId: 'b1',
          model: { status: 'hidden', reason: 'compact-boundary' },
          metadata: { hiddenFromModel: true },
        },
        {
          ...at,
          role: 'user',
          semanticType: 'compact_summary',
          sourceMessageIds: ['s1'],
          id: 's1',
          kind: 'compact_summary',
          runtimeMetadata: { summaryForBoundaryId: 'b1' },
          content: 'summary of old',
          compactScopeBoundaryId: 'b1',
          model: {
            status: 'shown',
            modelIndex: 0,
            semanticType: 'compact_summary',
            movedToStart: true,
          },
        },
        {
          ...at,
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['u1'],
          id: 'u1',
          kind: 'user_input',
          runtimeMetadata: { visibleInTranscript: false },
          content: 'read both',
          compactScopeBoundaryId: 'b1',
          model: { status: 'shown', modelIndex: 1, semanticType: 'user_input' },
          metadata: { hiddenFromTranscript: true },
        },
        {
          ...at,
          role: 'assistant',
          semanticType: 'assistant_reasoning',
          sourceMessageIds: ['t1'],
          id: 't1',
          kind: 'assistant_reasoning',
          runtimeMetadata: { eligibleForModelContext: false },
          content: 'hidden thought',
          compactScopeBoundaryId: 'b1',
          model: { status: 'hidden', reason: 'not-eligible' },
          metadata: { hiddenFromModel: true },
        },
        {
          ...at,
          role: 'assistant',
          semanticType: 'tool_call',
          sourceMessageIds: ['c1'],
          id: 'c1',
          kind: 'tool_call',
          content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
          compactScopeBoundaryId: 'b1',
          model: { status: 'shown', modelIndex: 2, semanticType: 'tool_call' },
        },
        {
          ...at,
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['r1'],
          id: 'r1',
          kind: 'tool_result',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: 'abcdefghijklmnopqrstuvwxyz' },
            },
          ],
          compactScopeBoundaryId: 'b1',
          model: {
            status: 'shown',
            modelIndex: 3,
            semanticType: 'tool_result',
            truncated: { originalLength: 26, keptLength: 10 },
          },
          metadata: { truncated: true },
        },
        {
          ...at,
          role: 'assistant',
          semanticType: 'tool_call',
          sourceMessageIds: ['c2'],
          id: 'c2',
          kind: 'tool_call',
          content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'Read', input: {} }],
          compactScopeBoundaryId: 'b1',
          model: { status: 'shown', modelIndex: 4, semanticType: 'tool_call' },
        },
        {
          ...at,
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['r2'],
          id: 'r2',
          kind: 'tool_result',
          runtimeMetadata: { compactedAt: '2026-04-08T10:00:00Z' },
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_2',
              toolName: 'Read',
              output: { type: 'text', value: 'old' },
            },
          ],
          compactScopeBoundaryId: 'b1',
          model: {
            status: 'shown',
            modelIndex: 5,
            semanticType: 'tool_result',
            compacted: { cause: 'compacted', compactedAt: '2026-04-08T10:00:00Z' },
          },
          metadata: { compacted: true },
        },
        {
          ...at,
          role: 'system',
          semanticType: 'runtime_reminder',
          sourceMessageIds: ['n1'],
          id: 'n1',
          kind: 'runtime_reminder',
          content: 'remember',
          compactScopeBoundaryId: 'b1',
          model: {
            status: 'shown',
            modelIndex: 6,
            semanticType: 'runtime_reminder',
            injected: true,
          },
        },
      ],
      diagnostics: {
        hiddenMessageIds: ['u0', 'b1', 't1'],
        truncatedMessageIds: ['r1', 'r2'],
        appliedCompactBoundaryId: 'b1',
        injectedNotes: ['n1'],
      },
    });
  });

  it('names the reason of each policy that hides a message', () => {
    const messages = history(
      userInput('u1', 'one'),
      reasoning('t1', 'old thought'),
      reminder('n1', 'remember'),
      userInput('u2', 'two'),
    );
    const reasons = projectToDebug(messages, {
      ...context,
      injectRuntimeReminder: false,
    }).messages.map((message) =>
      message.model.status === 'hidden' ? message.model.reason : 'shown',
    );
    expect(reasons).toEqual(['shown', 'reasoning-excluded', 'reminder-not-injected', 'shown']);
  });
});
