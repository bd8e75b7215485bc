import type {
  FilePart,
  ImagePart,
  RuntimeMessage,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
} from '@agent-ledger/messages';
import { projectToModel } from './project-to-model';
import {
  CREATED_AT,
  boundary,
  history,
  toolCall,
  toolResult,
  userInput,
} from './testing/build-messages';
import { modelMessage } from './testing/expected-model-message';
import type { ModelMessage, ProjectionContext } from './types';

const context: ProjectionContext = { sessionId: 's1', activeAgentName: 'build' };
const noDiagnostics = { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] };
const alphabet = 'abcdefghijklmnopqrstuvwxyz';

const callOf = (id: string, toolCallId: string): ModelMessage =>
  modelMessage(id, 'assistant', 'tool_call', [
    { type: 'tool-call', toolCallId, toolName: 'Read', input: {} },
  ]);

const resultOf = (
  id: string,
  toolCallId: string,
  value: string,
  metadata?: ModelMessage['metadata'],
): ModelMessage =>
  modelMessage(
    id,
    'tool',
    'tool_result',
    [{ type: 'tool-result', toolCallId, toolName: 'Read', output: { type: 'text', value } }],
    metadata,
  );

describe('projectToModel: tool rules', () => {
  describe('a pruned tool result (compactedAt) becomes the seed stub', () => {
    it('stubs every part of the message and keeps the call', () => {
      const messages = history(
        toolCall('c1', 'call_1'),
        toolResult(
          'r1',
          'call_1',
          { type: 'json', value: { lines: 4000 } },
          {
            compactedAt: '2026-04-08T10:00:00Z',
          },
        ),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          resultOf('r1', 'call_1', '[Old tool result content cleared]', { compacted: true }),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r1'] },
      });
    });
  });

  describe('a tool result over the soft limit is truncated, head and tail kept', () => {
    it('keeps half the limit from each end with a marker counting the omitted characters', () => {
      const messages = history(toolCall('c1', 'call_1'), toolResult('r1', 'call_1', alphabet));
      expect(projectToModel(messages, { ...context, toolResultSoftLimitChars: 10 })).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          resultOf('r1', 'call_1', 'abcde\n\n[... 16 characters truncated ...]\n\nvwxyz', {
            truncated: true,
          }),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r1'] },
      });
    });

    it('measures JSON outputs by their JSON text and truncates them to text', () => {
      const messages = history(
        toolCall('c1', 'call_1'),
        toolResult('r1', 'call_1', { type: 'json', value: { text: alphabet } }),
      );
      // {"text":"abcdefghijklmnopqrstuvwxyz"} is 37 characters.
      expect(
        projectToModel(messages, { ...context, toolResultSoftLimitChars: 20 }).messages[1],
      ).toEqual(
        resultOf('r1', 'call_1', '{"text":"a\n\n[... 17 characters truncated ...]\n\nstuvwxyz"}', {
          truncated: true,
        }),
      );
    });

    it('shows 20,000 characters in full by default and truncates one more', () => {
      const fits = 'x'.repeat(20_000);
      const over = 'y'.repeat(20_001);
      const messages = history(
        toolCall('c1', 'call_1'),
        toolResult('r1', 'call_1', fits),
        toolCall('c2', 'call_2'),
        toolResult('r2', 'call_2', over),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          resultOf('r1', 'call_1', fits),
          callOf('c2', 'call_2'),
          resultOf(
            'r2',
            'call_2',
            `${'y'.repeat(10_000)}\n\n[... 1 characters truncated ...]\n\n${'y'.repeat(10_000)}`,
            { truncated: true },
          ),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r2'] },
      });
    });
  });

  describe('includeToolResults: false replaces results by stubs, never drops them', () => {
    it('keeps every call paired with a stub', () => {
      const messages = history(toolCall('c1', 'call_1'), toolResult('r1', 'call_1', 'content'));
      expect(projectToModel(messages, { ...context, includeToolResults: false })).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          resultOf('r1', 'call_1', '[Tool result omitted from model context]', {
            compacted: true,
          }),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r1'] },
      });
    });
  });

  describe('minimal compact rule: older long tool results keep only a stub', () => {
    const messages = history(
      userInput('u1', 'one'),
      toolCall('c1', 'call_1'),
      toolResult('r1', 'call_1', alphabet),
      toolCall('c1b', 'call_1b'),
      toolResult('r1b', 'call_1b', 'short'),
      userInput('u2', 'two'),
      toolCall('c2', 'call_2'),
      toolResult('r2', 'call_2', alphabet),
      userInput('u3', 'three'),
    );
    const truncatedAlphabet = 'abcde\n\n[... 16 characters truncated ...]\n\nvwxyz';

    it('stubs long results before the last two user turns and truncates recent ones', () => {
      expect(projectToModel(messages, { ...context, toolResultSoftLimitChars: 10 })).toEqual({
        messages: [
          modelMessage('u1', 'user', 'user_input', 'one'),
          callOf('c1', 'call_1'),
          resultOf('r1', 'call_1', '[Old tool result content cleared]', { compacted: true }),
          callOf('c1b', 'call_1b'),
          resultOf('r1b', 'call_1b', 'short'),
          modelMessage('u2', 'user', 'user_input', 'two'),
          callOf('c2', 'call_2'),
          resultOf('r2', 'call_2', truncatedAlphabet, { truncated: true }),
          modelMessage('u3', 'user', 'user_input', 'three'),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r1', 'r2'] },
      });
    });

    it('counts recent turns as recentUserTurns says', () => {
      const project = (recentUserTurns: number) =>
        projectToModel(messages, { ...context, toolResultSoftLimitChars: 10 }, { recentUserTurns })
          .messages[7];
      expect(project(0)).toEqual(
        resultOf('r2', 'call_2', '[Old tool result content cleared]', { compacted: true }),
      );
      expect(project(3)).toEqual(resultOf('r2', 'call_2', truncatedAlphabet, { truncated: true }));
    });
  });

  describe('attachments the provider cannot take become text hints', () => {
    const parts: Array<TextPart | ImagePart | FilePart> = [
      { type: 'text', text: 'Compare these' },
      { type: 'image', image: 'aGVsbG8=', mediaType: 'image/png' },
      { type: 'file', data: 'aGVsbG8=', mediaType: 'application/pdf', filename: 'spec.pdf' },
      {
        type: 'file',
        data: 'aGVsbG8=',
        mediaType: 'application/vnd.ms-excel',
        filename: 'report.xlsx',
      },
    ];
    const messages = history(userInput('u1', parts));
    const hint =
      '[Attachment omitted: report.xlsx (application/vnd.ms-excel) — not supported by provider "anthropic"]';

    it('replaces an unsupported file in user input and reports the message as truncated', () => {
      expect(projectToModel(messages, { ...context, provider: 'anthropic' })).toEqual({
        messages: [
          modelMessage(
            'u1',
            'user',
            'user_input',
            [
              { type: 'text', text: 'Compare these' },
              { type: 'image', image: 'aGVsbG8=', mediaType: 'image/png' },
              {
                type: 'file',
                data: 'aGVsbG8=',
                mediaType: 'application/pdf',
                filename: 'spec.pdf',
              },
              { type: 'text', text: hint },
            ],
            { truncated: true, notes: [hint] },
          ),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['u1'] },
      });
    });

    it('keeps every attachment when the provider is unknown or not given', () => {
      const expected = {
        messages: [modelMessage('u1', 'user', 'user_input', parts)],
        diagnostics: noDiagnostics,
      };
      expect(projectToModel(messages, context)).toEqual(expected);
      expect(projectToModel(messages, { ...context, provider: 'mistral' })).toEqual(expected);
    });

    it('replaces unsupported media in a tool result content output', () => {
      const withMedia = history(
        toolCall('c1', 'call_1'),
        toolResult('r1', 'call_1', {
          type: 'content',
          value: [
            { type: 'text', text: 'archive attached' },
            { type: 'media', data: 'UEsDBA==', mediaType: 'application/zip' },
          ],
        }),
      );
      const zipHint =
        '[Attachment omitted: media (application/zip) — not supported by provider "openai.responses"]';
      expect(projectToModel(withMedia, { ...context, provider: 'openai.responses' })).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          modelMessage(
            'r1',
            'tool',
            'tool_result',
            [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Read',
                output: {
                  type: 'content',
                  value: [
                    { type: 'text', text: 'archive attached' },
                    { type: 'text', text: zipHint },
                  ],
                },
              },
            ],
            { truncated: true, notes: [zipHint] },
          ),
        ],
        diagnostics: { ...noDiagnostics, truncatedMessageIds: ['r1'] },
      });
    });
  });

  describe('provider safety: no dangling tool call or result', () => {
    it('drops a result whose call was cut by the boundary', () => {
      const messages = history(
        toolCall('c1', 'call_1'),
        boundary('b1'),
        toolResult('r1', 'call_1', 'late result'),
        userInput('u1', 'go on'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [modelMessage('u1', 'user', 'user_input', 'go on')],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['c1', 'b1', 'r1'],
          appliedCompactBoundaryId: 'b1',
        },
      });
    });

    it('drops a call whose result is hidden, and only that part of a multi-call message', () => {
      const twoCalls: RuntimeMessage = {
        id: 'c1',
        sessionId: 's1',
        createdAt: CREATED_AT,
        kind: 'tool_call',
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'Read', input: {} },
        ],
      };
      const messages = history(
        twoCalls,
        toolResult('r1', 'call_1', 'one'),
        toolResult('r2', 'call_2', 'two', { eligibleForModelContext: false }),
        toolCall('c3', 'call_3'),
        toolResult('r3', 'call_3', 'three', { eligibleForModelContext: false }),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          modelMessage(
            'c1',
            'assistant',
            'tool_call',
            [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
            {
              truncated: true,
              notes: ['dropped tool part call_2: its partner is not in the model view'],
            },
          ),
          resultOf('r1', 'call_1', 'one'),
        ],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['r2', 'c3', 'r3'],
          truncatedMessageIds: ['c1'],
        },
      });
    });

    it('keeps a call with no result anywhere (pending; settling it is repair work)', () => {
      const messages = history(userInput('u1', 'read it'), toolCall('c1', 'call_1'));
      expect(projectToModel(messages, context)).toEqual({
        messages: [modelMessage('u1', 'user', 'user_input', 'read it'), callOf('c1', 'call_1')],
        diagnostics: noDiagnostics,
      });
    });
  });

  describe('tool approvals travel with their call', () => {
    const requestParts: ToolApprovalRequestPart[] = [
      { type: 'tool-approval-request', approvalId: 'ap_1', toolCallId: 'call_1' },
    ];
    const responseParts: ToolApprovalResponsePart[] = [
      { type: 'tool-approval-response', approvalId: 'ap_1', approved: true },
    ];
    const request: RuntimeMessage = {
      id: 'q1',
      sessionId: 's1',
      createdAt: CREATED_AT,
      kind: 'tool_approval_request',
      role: 'assistant',
      content: requestParts,
    };
    const response: RuntimeMessage = {
      id: 'p1',
      sessionId: 's1',
      createdAt: CREATED_AT,
      kind: 'tool_approval_response',
      role: 'tool',
      content: responseParts,
    };

    it('shows a request as a tool_call and a response as a tool_result', () => {
      const messages = history(toolCall('c1', 'call_1'), request, response);
      expect(projectToModel(messages, context)).toEqual({
        messages: [
          callOf('c1', 'call_1'),
          modelMessage('q1', 'assistant', 'tool_call', requestParts),
          modelMessage('p1', 'tool', 'tool_result', responseParts),
        ],
        diagnostics: noDiagnostics,
      });
    });

    it('drops a response whose request was cut by the boundary', () => {
      const messages = history(
        toolCall('c1', 'call_1'),
        request,
        boundary('b1'),
        response,
        toolResult('r1', 'call_1', 'done'),
      );
      expect(projectToModel(messages, context)).toEqual({
        messages: [],
        diagnostics: {
          ...noDiagnostics,
          hiddenMessageIds: ['c1', 'q1', 'b1', 'p1', 'r1'],
          appliedCompactBoundaryId: 'b1',
        },
      });
    });
  });
});
