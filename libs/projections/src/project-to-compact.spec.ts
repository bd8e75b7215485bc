import { projectToCompact } from './project-to-compact';
import {
  boundary,
  history,
  reasoning,
  reminder,
  summary,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import type { CompactMessage, ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };

const compactMessage = (
  id: string,
  role: CompactMessage['role'],
  semanticType: CompactMessage['semanticType'],
  content: CompactMessage['content'],
  metadata?: CompactMessage['metadata'],
): CompactMessage => ({
  view: 'compact',
  role,
  semanticType,
  sourceMessageIds: [id],
  content,
  ...(metadata === undefined ? {} : { metadata }),
});

describe('projectToCompact', () => {
  const messages = history(
    userInput('u0', 'already summarized'),
    boundary('b1'),
    summary('s1', 'Earlier: the user asked about auth.', 'b1'),
    userInput('u1', [
      { type: 'text', text: 'See the screenshot' },
      { type: 'image', image: 'iVBORw0=', mediaType: 'image/png' },
    ]),
    reminder('r1', 'Plan mode is on'),
    reasoning('t1', 'let me read the file'),
    toolCall('c1', 'call_1'),
    toolResult('r2', 'call_1', 'abcdefghijklmnopqrstuvwxyz'),
  );

  it('gives the window since the latest boundary, summary first, without reminders or reasoning', () => {
    const imageHint = '[Attachment omitted: image (image/png) — not sent to the summarizer]';
    expect(
      projectToCompact(messages, {
        ...context,
        provider: 'anthropic',
        applyCompactBoundary: false,
        injectRuntimeReminder: true,
        toolResultSoftLimitChars: 10,
      }),
    ).toEqual({
      messages: [
        compactMessage('s1', 'user', 'compact_summary', 'Earlier: the user asked about auth.'),
        compactMessage(
          'u1',
          'user',
          'user_input',
          [
            { type: 'text', text: 'See the screenshot' },
            { type: 'text', text: imageHint },
          ],
          { truncated: true, notes: [imageHint] },
        ),
        compactMessage('c1', 'assistant', 'tool_call', [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
        ]),
        compactMessage(
          'r2',
          'tool',
          'tool_result',
          [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: {
                type: 'text',
                value: 'abcde\n\n[... 16 characters truncated ...]\n\nvwxyz',
              },
            },
          ],
          { truncated: true },
        ),
      ],
      diagnostics: {
        hiddenMessageIds: ['u0', 'b1', 'r1', 't1'],
        truncatedMessageIds: ['u1', 'r2'],
        appliedCompactBoundaryId: 'b1',
        injectedNotes: [],
      },
    });
  });

  it('keeps reasoning when includeReasoning is true', () => {
    const result = projectToCompact(messages, { ...context, includeReasoning: true });
    expect(result.diagnostics.hiddenMessageIds).toEqual(['u0', 'b1', 'r1']);
  });
});
