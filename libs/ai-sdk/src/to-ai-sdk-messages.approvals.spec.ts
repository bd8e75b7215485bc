import { AWAITING_APPROVAL_TEXT } from './fallback-texts';
import { modelMessage as m } from './testing';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';
import { toAiSdkPrompt } from './to-ai-sdk-prompt';

const ask = m('m1', 'user', 'user_input', 'Run the tests');
const call = m('m2', 'assistant', 'tool_call', [
  { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: { command: 'npm test' } },
]);
const request = m('m3', 'assistant', 'tool_call', [
  { type: 'tool-approval-request', approvalId: 'ap_1', toolCallId: 'call_1' },
]);
const approved = m('m4', 'tool', 'tool_result', [
  { type: 'tool-approval-response', approvalId: 'ap_1', approved: true },
]);
const reminder = m('m5', 'system', 'runtime_reminder', 'Todo: 2 items left.');
const result = m('m6', 'tool', 'tool_result', [
  {
    type: 'tool-result',
    toolCallId: 'call_1',
    toolName: 'Bash',
    output: { type: 'text', value: '12 passed' },
  },
]);

const assistantWithRequest = {
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'Bash', input: { command: 'npm test' } },
    { type: 'tool-approval-request', approvalId: 'ap_1', toolCallId: 'call_1' },
  ],
};
const approvalMessage = {
  role: 'tool',
  content: [{ type: 'tool-approval-response', approvalId: 'ap_1', approved: true }],
};

describe('approvals (AI SDK v6 flow)', () => {
  it('leaves an approved call without a result pending, the approval response last', () => {
    expect(toAiSdkPrompt([ask, call, request, approved], { provider: 'anthropic' })).toEqual({
      system: undefined,
      messages: [{ role: 'user', content: 'Run the tests' }, assistantWithRequest, approvalMessage],
    });
  });

  it('moves a reminder recorded after the approval before the call, so the tool still runs', () => {
    expect(
      toAiSdkMessagesWithReport([ask, call, request, approved, reminder], {
        provider: 'anthropic',
      }),
    ).toEqual({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Run the tests' },
            { type: 'text', text: '<system-reminder>\nTodo: 2 items left.\n</system-reminder>' },
          ],
        },
        assistantWithRequest,
        approvalMessage,
      ],
      fallbacks: [
        expect.objectContaining({ rule: 'system-moved-to-user', sourceMessageIds: ['m5'] }),
        expect.objectContaining({
          rule: 'reminder-moved-before-pending-approval',
          sourceMessageIds: ['m5'],
        }),
      ],
    });
  });

  it('leaves a reminder in place once the approved tool has its result', () => {
    const { messages } = toAiSdkMessagesWithReport(
      [ask, call, request, approved, result, reminder],
      {
        provider: 'anthropic',
      },
    );
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: '<system-reminder>\nTodo: 2 items left.\n</system-reminder>',
    });
  });

  it('answers a call whose approval request has no response yet with a result that says so', () => {
    expect(toAiSdkMessagesWithReport([ask, call, request], { provider: 'openai' })).toEqual({
      messages: [
        { role: 'user', content: 'Run the tests' },
        assistantWithRequest,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Bash',
              output: { type: 'error-text', value: AWAITING_APPROVAL_TEXT },
            },
          ],
        },
      ],
      fallbacks: [
        {
          rule: 'awaiting-approval-result',
          detail:
            'Tool call call_1 (Bash) awaits approval and has not run; a result saying so was added.',
          sourceMessageIds: ['m2', 'm3'],
        },
      ],
    });
  });

  it('keeps the signature of an approval request, which experimental_toolApprovalSecret checks', () => {
    const signed = m('m3', 'assistant', 'tool_call', [
      {
        type: 'tool-approval-request',
        approvalId: 'ap_1',
        toolCallId: 'call_1',
        signature: 'hmac-of-the-call',
      },
    ]);
    const { messages } = toAiSdkPrompt([ask, call, signed, approved]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        assistantWithRequest.content[0],
        {
          type: 'tool-approval-request',
          approvalId: 'ap_1',
          toolCallId: 'call_1',
          signature: 'hmac-of-the-call',
        },
      ],
    });
  });
});
