import { MISSING_TOOL_RESULT_TEXT } from './fallback-texts';
import { modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

const ask = m('m1', 'user', 'user_input', 'Fix login');
const readCall = m('m2', 'assistant', 'tool_call', [
  {
    type: 'tool-call',
    toolCallId: 'call_1',
    toolName: 'Read',
    input: { file_path: 'src/auth.ts' },
  },
]);
const readResult = m('m3', 'tool', 'tool_result', [
  { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'code' } },
]);
const serializedCall = {
  role: 'assistant',
  content: [
    {
      type: 'tool-call',
      toolCallId: 'call_1',
      toolName: 'Read',
      input: { file_path: 'src/auth.ts' },
    },
  ],
};
const serializedResult = {
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call_1',
      toolName: 'Read',
      output: { type: 'text', value: 'code' },
    },
  ],
};

describe('illegal-combination fallback', () => {
  describe('a tool call without a result', () => {
    it('gets a synthetic error result right after it', () => {
      expect(
        toAiSdkMessagesWithReport([ask, readCall, m('m4', 'user', 'user_input', 'Stop')]),
      ).toEqual({
        messages: [
          { role: 'user', content: 'Fix login' },
          serializedCall,
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Read',
                output: { type: 'error-text', value: MISSING_TOOL_RESULT_TEXT },
              },
            ],
          },
          { role: 'user', content: 'Stop' },
        ],
        fallbacks: [
          {
            rule: 'missing-tool-result',
            detail:
              'Tool call call_1 (Read) has no result; a synthetic error-text result was added.',
            sourceMessageIds: ['m2'],
          },
        ],
      });
    });

    it('gets a synthetic result at the end of the history too', () => {
      expect(toAiSdkMessagesWithReport([ask, readCall]).messages.at(-1)).toEqual({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'error-text', value: MISSING_TOOL_RESULT_TEXT },
          },
        ],
      });
    });

    it('whose approval was denied gets an execution-denied result', () => {
      const report = toAiSdkMessagesWithReport([
        ask,
        m('m2', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Bash',
            input: { command: 'rm -rf /' },
          },
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
        ]),
        m('m3', 'tool', 'tool_result', [
          {
            type: 'tool-approval-response',
            approvalId: 'approval_1',
            approved: false,
            reason: 'Too dangerous',
          },
        ]),
        m('m4', 'user', 'user_input', 'Try something safer'),
      ]);
      expect(report.messages[2]).toEqual({
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: 'approval_1',
            approved: false,
            reason: 'Too dangerous',
          },
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Bash',
            output: { type: 'execution-denied', reason: 'Too dangerous' },
          },
        ],
      });
      expect(report.fallbacks.map((fallback) => fallback.rule)).toEqual(['missing-tool-result']);
    });

    it('whose approval response is the last message is left for generateText to execute or deny', () => {
      const report = toAiSdkMessagesWithReport([
        ask,
        m('m2', 'assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'Bash',
            input: { command: 'npm test' },
          },
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
        ]),
        m('m3', 'tool', 'tool_result', [
          { type: 'tool-approval-response', approvalId: 'approval_1', approved: true },
        ]),
      ]);
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Fix login' },
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'Bash',
                input: { command: 'npm test' },
              },
              { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
            ],
          },
          {
            role: 'tool',
            content: [{ type: 'tool-approval-response', approvalId: 'approval_1', approved: true }],
          },
        ],
        fallbacks: [],
      });
    });
  });

  describe('a tool result', () => {
    it('that does not directly follow its call is moved there', () => {
      expect(
        toAiSdkMessagesWithReport([
          ask,
          readCall,
          m('m4', 'user', 'user_input', 'Hurry'),
          readResult,
        ]),
      ).toEqual({
        messages: [
          { role: 'user', content: 'Fix login' },
          serializedCall,
          serializedResult,
          { role: 'user', content: 'Hurry' },
        ],
        fallbacks: [
          {
            rule: 'tool-result-moved',
            detail: 'Tool result for call_1 did not directly follow its call; moved there.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });

    it('with no call is dropped, with its emptied tool message', () => {
      expect(toAiSdkMessagesWithReport([ask, readResult])).toEqual({
        messages: [{ role: 'user', content: 'Fix login' }],
        fallbacks: [
          {
            rule: 'orphan-tool-result-dropped',
            detail: 'Tool result for call_1 follows no call of that id; removed.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });

    it('before its call is dropped, and the call gets a synthetic result', () => {
      const report = toAiSdkMessagesWithReport([ask, readResult, readCall]);
      expect(report.messages).toEqual([
        { role: 'user', content: 'Fix login' },
        serializedCall,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'error-text', value: MISSING_TOOL_RESULT_TEXT },
            },
          ],
        },
      ]);
      expect(report.fallbacks.map((fallback) => fallback.rule)).toEqual([
        'orphan-tool-result-dropped',
        'missing-tool-result',
      ]);
    });

    it('answering an already answered call is dropped', () => {
      const again = m('m4', 'tool', 'tool_result', [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          output: { type: 'text', value: 'code, again' },
        },
      ]);
      expect(toAiSdkMessagesWithReport([ask, readCall, readResult, again])).toEqual({
        messages: [{ role: 'user', content: 'Fix login' }, serializedCall, serializedResult],
        fallbacks: [
          {
            rule: 'duplicate-tool-result-dropped',
            detail: 'Tool call call_1 was already answered; removed.',
            sourceMessageIds: ['m3', 'm4'],
          },
        ],
      });
    });
  });

  describe('a repeated tool call id', () => {
    it('drops the later call, and the assistant message it leaves empty', () => {
      const repeat = m('m5', 'assistant', 'tool_call', [
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'Read',
          input: { file_path: 'other.ts' },
        },
      ]);
      expect(
        toAiSdkMessagesWithReport([
          ask,
          readCall,
          readResult,
          m('m4', 'user', 'user_input', 'Again'),
          repeat,
        ]),
      ).toEqual({
        messages: [
          { role: 'user', content: 'Fix login' },
          serializedCall,
          serializedResult,
          { role: 'user', content: 'Again' },
        ],
        fallbacks: [
          {
            rule: 'duplicate-tool-call-dropped',
            detail: 'Tool call call_1 (Read) was already made; removed.',
            sourceMessageIds: ['m5'],
          },
          {
            rule: 'empty-message-dropped',
            detail:
              'Assistant message has no content left after removing duplicate or misplaced tool parts; removed.',
            sourceMessageIds: ['m5'],
          },
        ],
      });
    });
  });

  describe('approval parts without a counterpart', () => {
    it('drop a response that answers no request, and a request for an unknown call', () => {
      const report = toAiSdkMessagesWithReport([
        ask,
        m('m2', 'assistant', 'tool_call', [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} },
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_404' },
        ]),
        m('m3', 'tool', 'tool_result', [
          { type: 'tool-approval-response', approvalId: 'approval_2', approved: true },
          { type: 'tool-result', toolCallId: 'call_1', output: { type: 'text', value: 'code' } },
        ]),
      ]);
      expect(report).toEqual({
        messages: [
          { role: 'user', content: 'Fix login' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: {} }],
          },
          serializedResult,
        ],
        fallbacks: [
          {
            rule: 'orphan-approval-request-dropped',
            detail:
              'Approval request approval_1 names tool call call_404, which was not made before; removed.',
            sourceMessageIds: ['m2'],
          },
          {
            rule: 'orphan-approval-response-dropped',
            detail: 'Approval response approval_2 answers no earlier approval request; removed.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });
  });

  describe('empty content', () => {
    it('drops blank messages and blank text parts', () => {
      expect(
        toAiSdkMessagesWithReport([
          m('m1', 'system', 'system_note', '   '),
          m('m2', 'user', 'user_input', [
            { type: 'text', text: '' },
            { type: 'text', text: 'Hi' },
          ]),
          m('m3', 'assistant', 'assistant_text', []),
          m('m4', 'assistant', 'assistant_text', 'Hello.'),
        ]),
      ).toEqual({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          { role: 'assistant', content: 'Hello.' },
        ],
        fallbacks: [
          {
            rule: 'empty-message-dropped',
            detail: 'system_note message [m1] has blank text content; removed.',
            sourceMessageIds: ['m1'],
          },
          {
            rule: 'empty-part-dropped',
            detail: 'part 0 (text) of user_input message [m2] is blank; removed.',
            sourceMessageIds: ['m2'],
          },
          {
            rule: 'empty-message-dropped',
            detail: 'assistant_text message [m3] has no content left; removed.',
            sourceMessageIds: ['m3'],
          },
        ],
      });
    });
  });
});
