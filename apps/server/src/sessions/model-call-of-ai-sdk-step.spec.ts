import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import { modelCallOfAiSdkStep } from './model-call-of-ai-sdk-step';

const now = '2026-04-08T10:00:00.000Z';
const base = { sessionId: 's1', createdAt: now };

const step0: Array<AssistantModelMessage | ToolModelMessage> = [
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Reading it.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'Read', input: { file_path: 'a.ts' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'Read',
        output: { type: 'text', value: 'A' },
      },
    ],
  },
];
const step1: Array<AssistantModelMessage | ToolModelMessage> = [
  ...step0,
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
];

describe('modelCallOfAiSdkStep', () => {
  it('gives positional ids in the generation: <generationId>:<k>, and <k>.<j> for a message that became several', () => {
    expect(
      modelCallOfAiSdkStep('s1', step1, { generationId: 'g1', stepNumber: 1, runId: 'run-7' }, now),
    ).toEqual({
      type: 'RecordModelCall',
      sessionId: 's1',
      responseMessages: [
        [
          {
            ...base,
            runId: 'run-7',
            id: 'g1:0.0',
            kind: 'assistant_text',
            role: 'assistant',
            content: [{ type: 'text', text: 'Reading it.' }],
          },
          {
            ...base,
            runId: 'run-7',
            id: 'g1:0.1',
            kind: 'tool_call',
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'Read',
                input: { file_path: 'a.ts' },
              },
            ],
          },
        ],
        [
          {
            ...base,
            runId: 'run-7',
            id: 'g1:1',
            kind: 'tool_result',
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Read',
                output: { type: 'text', value: 'A' },
              },
            ],
          },
        ],
        [
          {
            ...base,
            runId: 'run-7',
            id: 'g1:2',
            kind: 'assistant_text',
            role: 'assistant',
            content: [{ type: 'text', text: 'Done.' }],
          },
        ],
      ],
      call: { callId: 'g1:step-1', generationId: 'g1', stepNumber: 1, runId: 'run-7' },
    });
  });

  it('keeps the ids of earlier messages when the accumulated array grows', () => {
    // As a runtime posts them without a generationId: each step with its own context revision.
    const ids = (messages: typeof step0, contextRevision: number) =>
      modelCallOfAiSdkStep('s1', messages, { contextRevision }, now).responseMessages.map((group) =>
        group.map((message) => message.id),
      );
    const [first, second] = [ids(step0, 4), ids(step1, 7)];
    expect(second.slice(0, 2)).toEqual(first);
    expect(first[0]?.[0]).toMatch(/^gen-[\w-]{16}:0\.0$/);
  });

  it('takes generationId, else the deprecated stepId, else a digest of the first message with runId and agentName', () => {
    const generation = (facts: Parameters<typeof modelCallOfAiSdkStep>[2], messages = step0) =>
      modelCallOfAiSdkStep('s1', messages, facts, now).call.generationId;
    expect(generation({ generationId: 'g1', stepId: 'old' })).toEqual('g1');
    expect(generation({ stepId: 'old' })).toEqual('old');
    const derived = generation({ runId: 'run-7' });
    expect(generation({ runId: 'run-7', responseId: 'r2', stepNumber: 1 }, step1)).toEqual(derived);
    expect(generation({ runId: 'run-8' })).not.toEqual(derived);
    // contextRevision moves with every step of one generation: it must not change the generation.
    expect(generation({ runId: 'run-7', contextRevision: 4 })).toEqual(derived);
    expect(generation({ runId: 'run-7', agentName: 'review' })).not.toEqual(derived);
    expect(generation({ runId: 'run-7' }, step0.slice(1))).not.toEqual(derived);
  });

  it('names the call by step number, else by response id, else by the number of response messages', () => {
    const callId = (facts: Parameters<typeof modelCallOfAiSdkStep>[2]) =>
      modelCallOfAiSdkStep('s1', step1, { generationId: 'g1', ...facts }, now).call.callId;
    expect(callId({ stepNumber: 1, responseId: 'r2' })).toEqual('g1:step-1');
    expect(callId({ responseId: 'r2' })).toEqual('g1:response-r2');
    expect(callId({})).toEqual('g1:messages-3');
  });

  it('derives a generation for a step without messages from the whole step', () => {
    const empty = (facts: Parameters<typeof modelCallOfAiSdkStep>[2]) =>
      modelCallOfAiSdkStep('s1', [], facts, now);
    expect(empty({ responseId: 'r1' }).responseMessages).toEqual([]);
    expect(empty({ responseId: 'r1' }).call.generationId).toEqual(
      empty({ responseId: 'r1' }).call.generationId,
    );
    expect(empty({ responseId: 'r1' }).call.generationId).not.toEqual(
      empty({ responseId: 'r2' }).call.generationId,
    );
  });
});
