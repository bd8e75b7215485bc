import type { ModelCallRecordedEvent, SessionEvent } from '@agent-ledger/events';
import type {
  AssistantTextMessage,
  RuntimeMessage,
  ToolApprovalRequestMessage,
  ToolApprovalResponseMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '@agent-ledger/messages';
import type { ModelCallFacts, RecordModelCall } from './session-command';
import { NOW, decideGiven, m2, ruleBrokenGiven, started } from './testing/decider-fixtures';

const createdAt = '2026-04-08T09:30:00.000Z';

/** Step 0 of generation g1: a tool call and its result. */
const call: ToolCallMessage = {
  id: 'g1:0',
  sessionId: 's1',
  kind: 'tool_call',
  role: 'assistant',
  createdAt,
  content: [
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: { file_path: 'a.ts' } },
  ],
};
const result: ToolResultMessage = {
  id: 'g1:1',
  sessionId: 's1',
  kind: 'tool_result',
  role: 'tool',
  createdAt,
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call_1',
      toolName: 'Read',
      output: { type: 'text', value: 'export const a = 1;' },
    },
  ],
};
/** Step 1 of generation g1: the answer. */
const answer: AssistantTextMessage = {
  id: 'g1:2',
  sessionId: 's1',
  kind: 'assistant_text',
  role: 'assistant',
  createdAt,
  content: 'a.ts exports a = 1.',
};

const facts = (stepNumber: number, extra: Partial<ModelCallFacts> = {}): ModelCallFacts => ({
  callId: `g1:step-${stepNumber}`,
  generationId: 'g1',
  stepNumber,
  provider: 'anthropic.messages',
  modelId: 'claude-sonnet-4-5',
  responseId: `msg_${stepNumber}`,
  finishReason: stepNumber === 0 ? 'tool-calls' : 'stop',
  usage: { inputTokens: 100 + stepNumber, outputTokens: 20 },
  ...extra,
});

const recordCall = (
  responseMessages: RuntimeMessage[][],
  callFacts: ModelCallFacts,
): RecordModelCall => ({
  type: 'RecordModelCall',
  sessionId: 's1',
  responseMessages,
  call: callFacts,
});

const callRecorded = (
  callFacts: ModelCallFacts,
  responseMessageCount: number,
  messageIds: string[],
): ModelCallRecordedEvent => ({
  type: 'ModelCallRecorded',
  data: { sessionId: 's1', ...callFacts, responseMessageCount, messageIds, recordedAt: NOW },
});

const userTurn: SessionEvent[] = [started, { type: 'UserInputRecorded', data: m2 }];
const step0 = recordCall([[call], [result]], facts(0));
const step1 = recordCall([[call], [result], [answer]], facts(1));
const afterStep0: SessionEvent[] = [
  ...userTurn,
  { type: 'ToolCallRecorded', data: call },
  { type: 'ToolResultRecorded', data: result },
  callRecorded(facts(0), 2, ['g1:0', 'g1:1']),
];

describe('RecordModelCall', () => {
  describe('accumulated steps of one generation', () => {
    it('given a user turn, when step 0 is recorded, then its messages and then the model call are recorded', () => {
      expect(decideGiven(userTurn, step0)).toEqual([
        { type: 'ToolCallRecorded', data: call },
        { type: 'ToolResultRecorded', data: result },
        callRecorded(facts(0), 2, ['g1:0', 'g1:1']),
      ]);
    });

    it('given step 0, when step 1 re-sends step 0’s messages, then only the new message and the call are recorded', () => {
      expect(decideGiven(afterStep0, step1)).toEqual([
        { type: 'AssistantTextRecorded', data: answer },
        callRecorded(facts(1), 3, ['g1:2']),
      ]);
    });

    it('given both steps, when step 1 is re-sent, then nothing is recorded (a retry)', () => {
      const afterStep1 = [...afterStep0, ...decideGiven(afterStep0, step1)];
      expect(decideGiven(afterStep1, step1)).toEqual([]);
      expect(decideGiven(afterStep1, step0)).toEqual([]);
    });

    it('given step 0, when a step brings no new message, then only its model call is recorded', () => {
      const empty = recordCall([[call], [result]], facts(1, { finishReason: 'length' }));
      expect(decideGiven(afterStep0, empty)).toEqual([
        callRecorded(facts(1, { finishReason: 'length' }), 2, []),
      ]);
    });

    it('given step 1 was recorded before step 0 (posted out of order), when step 0 arrives, then only its call is recorded, naming no message', () => {
      const afterStep1 = [...userTurn, ...decideGiven(userTurn, step1)];
      expect(afterStep1.at(-1)).toEqual(callRecorded(facts(1), 3, ['g1:0', 'g1:1', 'g1:2']));
      expect(decideGiven(afterStep1, step0)).toEqual([callRecorded(facts(0), 2, [])]);
    });
  });

  describe('starting a session', () => {
    it('given no events, when a step is recorded, then the session starts (with the call’s agent) first', () => {
      expect(decideGiven([], recordCall([[call]], facts(0, { agentName: 'build' })))).toEqual([
        {
          type: 'SessionStarted',
          data: { sessionId: 's1', startedAt: NOW, agentName: 'build' },
        },
        { type: 'ToolCallRecorded', data: call },
        callRecorded(facts(0, { agentName: 'build' }), 1, ['g1:0']),
      ]);
    });

    it('given no events, when a step without messages is recorded, then the session starts and the call is recorded', () => {
      expect(decideGiven([], recordCall([], facts(0)))).toEqual([
        { type: 'SessionStarted', data: { sessionId: 's1', startedAt: NOW } },
        callRecorded(facts(0), 0, []),
      ]);
    });
  });

  describe('after an approval', () => {
    // One assistant message of generation g1 became two runtime messages: g1:0.0 and g1:0.1.
    const bash: ToolCallMessage = {
      ...call,
      id: 'g1:0.0',
      content: [
        { type: 'tool-call', toolCallId: 'call_2', toolName: 'Bash', input: { command: 'ls' } },
      ],
    };
    const request: ToolApprovalRequestMessage = {
      id: 'g1:0.1',
      sessionId: 's1',
      kind: 'tool_approval_request',
      role: 'assistant',
      createdAt,
      content: [
        {
          type: 'tool-approval-request',
          approvalId: 'approval_1',
          toolCallId: 'call_2',
          signature: 'hmac',
        },
      ],
    };
    const response: ToolApprovalResponseMessage = {
      id: 'm7',
      sessionId: 's1',
      kind: 'tool_approval_response',
      role: 'tool',
      createdAt,
      content: [{ type: 'tool-approval-response', approvalId: 'approval_1', approved: true }],
    };
    const executed: ToolResultMessage = {
      id: 'g2:0',
      sessionId: 's1',
      kind: 'tool_result',
      role: 'tool',
      createdAt,
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_2',
          toolName: 'Bash',
          output: { type: 'text', value: 'a.ts' },
        },
      ],
    };
    const done: AssistantTextMessage = { ...answer, id: 'g2:1', content: 'ls shows a.ts.' };

    it('given an approved call, when the next generation starts with the tool message of its result, then the result, the answer and the call are recorded', () => {
      const given: SessionEvent[] = [
        ...userTurn,
        { type: 'ToolCallRecorded', data: bash },
        { type: 'ToolApprovalRequested', data: request },
        callRecorded(facts(0), 1, ['g1:0.0', 'g1:0.1']),
        { type: 'ToolApprovalResponded', data: response },
      ];
      const g2 = { ...facts(0), callId: 'g2:step-0', generationId: 'g2' };
      expect(decideGiven(given, recordCall([[executed], [done]], g2))).toEqual([
        { type: 'ToolResultRecorded', data: executed },
        { type: 'AssistantTextRecorded', data: done },
        callRecorded(g2, 2, ['g2:0', 'g2:1']),
      ]);
    });
  });

  describe('rules', () => {
    it('given step 0, when another generateText call reuses the generation id, then GenerationConflict says to send a new one', () => {
      const other = { ...call, content: [{ ...call.content[0]!, toolCallId: 'call_9' }] };
      expect(ruleBrokenGiven(afterStep0, recordCall([[other]], facts(0)))).toEqual({
        code: 'GenerationConflict',
        message:
          'Response message 0 of generation "g1" (runtime message "g1:0") differs from the one already recorded at that index. A generation is one generateText call: its steps re-send the same response messages at the same indexes. Send a new generationId for every generateText call, and the same one for all of its steps.',
        messageId: 'g1:0',
        field: 'id',
      });
    });

    it('given step 0, when the same call id comes with other facts, then ModelCallConflict', () => {
      expect(
        ruleBrokenGiven(afterStep0, recordCall([[call], [result], [answer]], facts(0))),
      ).toEqual({
        code: 'ModelCallConflict',
        message:
          'Model call "g1:step-0" is already recorded in session "s1" with other facts (step number, response id, usage, finish reason, model or number of response messages). A re-sent step must be sent unchanged; another step of the generation needs its own stepNumber (or responseId).',
        field: 'callId',
      });
    });

    it('given step 0, when its messages come again under a new generation id, then the message rule says to keep one generation id', () => {
      const renamed = recordCall(
        [[{ ...call, id: 'g9:0' }], [{ ...result, id: 'g9:1' }], [{ ...answer, id: 'g9:2' }]],
        { ...facts(1), callId: 'g9:step-1', generationId: 'g9' },
      );
      expect(ruleBrokenGiven(afterStep0, renamed)).toEqual({
        code: 'DuplicateToolCallId',
        message:
          'Message "g9:0" (tool_call): content[0].toolCallId "call_1" is already used by another tool call of this session. Tool call ids are unique in a session. Step 1 of generation "g9" re-sends the response messages of its earlier steps (onStepFinish\'s step.response.messages holds every message of the generation so far), which were recorded under another generationId: send the same generationId with every step of one generateText call.',
        messageId: 'g9:0',
        field: 'content[0].toolCallId',
      });
    });

    it('given step 0, when a new generateText call (a script run again) reuses its tool call id, then the rule says to use a session per run, not to keep one generation id', () => {
      const rerun = recordCall([[{ ...call, id: 'g9:0' }], [{ ...result, id: 'g9:1' }]], {
        ...facts(0),
        callId: 'g9:step-0',
        generationId: 'g9',
      });
      const broken = ruleBrokenGiven(afterStep0, rerun);
      expect(broken).toEqual({
        code: 'DuplicateToolCallId',
        message:
          'Message "g9:0" (tool_call): content[0].toolCallId "call_1" is already used by another tool call of this session. Tool call ids are unique in a session. An earlier model call of this session used the id: a script run again against the same session sends the same ids. Record each run in a session of its own, or rewind this one first (POST /v1/sessions/s1/rewinds, or `npx agent-ledger rewind s1 --to-revision <r>`).',
        messageId: 'g9:0',
        field: 'content[0].toolCallId',
      });
      expect(broken.message).not.toContain('same generationId');
    });

    it('given step 0, when the next step of the same generation brings a tool call id already used, then the rule names the reused id, not the generation id', () => {
      const reused = { ...call, id: 'g1:2', content: [{ ...call.content[0]! }] };
      const broken = ruleBrokenGiven(
        afterStep0,
        recordCall([[call], [result], [reused]], facts(1)),
      );
      expect(broken).toMatchObject({ code: 'DuplicateToolCallId', messageId: 'g1:2' });
      expect(broken.message).toContain('An earlier model call of this session used the id');
    });

    it('given an ended session, when a step is recorded, then SessionAlreadyEnded', () => {
      const ended: SessionEvent = {
        type: 'SessionEnded',
        data: { sessionId: 's1', endedAt: '2026-04-08T09:40:00.000Z' },
      };
      expect(ruleBrokenGiven([...afterStep0, ended], step1)).toMatchObject({
        code: 'SessionAlreadyEnded',
      });
    });
  });
});
