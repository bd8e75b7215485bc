import type { ModelCall, SessionRecord } from '../scenario/session-record';
import type { WireProvider } from '../wire/wire-format';
import { anthropicValidityViolations } from './anthropic-validity-violations';
import {
  approvalExecutionViolations,
  approvalResultViolations,
  approvalsOf,
} from './approval-violations';
import { interruptionClaimViolations } from './interruption-claim-violations';
import { reasoningLeakViolations } from './reasoning-leak-violations';
import { replayViolations } from './replay-violations';
import { systemPromptViolations } from './system-prompt-violations';
import { transcriptViolations } from './transcript-violations';

/** The checks of the conformance suite must see what they look for: each is shown a broken body. */
function call(provider: WireProvider, body: unknown): ModelCall {
  return {
    number: 1,
    label: '#01',
    agent: 'build',
    provider,
    format: 'ai-sdk-prompt',
    contextRevision: 4,
    request: { provider, url: 'https://example.test', body: JSON.stringify(body) },
    stepWarnings: [],
  };
}

const answers = [
  { toolCallId: 'call_ok', approved: true },
  { toolCallId: 'call_no', approved: false, reason: 'Not on main.' },
];
const pushed = [{ toolName: 'GitPush', toolCallId: 'call_ok', input: {}, output: 'pushed' }];

describe('system prompt', () => {
  it('finds it in each provider’s place, and reports a call without it', () => {
    expect(
      systemPromptViolations(
        call('anthropic', { system: [{ type: 'text', text: 'Be terse.' }] }),
        'Be terse.',
      ),
    ).toEqual([]);
    expect(
      systemPromptViolations(
        call('openai', { input: [{ role: 'developer', content: 'Be terse.' }] }),
        'Be terse.',
      ),
    ).toEqual([]);
    expect(
      systemPromptViolations(call('openai', { instructions: 'Be terse.', input: [] }), 'Be terse.'),
    ).toEqual([]);
    expect(
      systemPromptViolations(
        call('openai.chat', { messages: [{ role: 'system', content: 'Be terse.' }] }),
        'Be terse.',
      ),
    ).toEqual([]);
    expect(
      systemPromptViolations(
        call('google', { systemInstruction: { parts: [{ text: 'Be terse.' }] }, contents: [] }),
        'Be terse.',
      ),
    ).toEqual([]);
    expect(
      systemPromptViolations(
        call('openai.chat', {
          messages: [{ role: 'user', content: '<system-reminder>Be terse.</system-reminder>' }],
        }),
        'Be terse.',
      ),
    ).toHaveLength(1);
  });
});

describe('approvals', () => {
  it('ties each recorded answer to its tool call through the recorded approval request', () => {
    const exchange = (path: string, body: unknown) => ({
      method: 'POST',
      path,
      body,
      status: 200,
      response: {},
    });
    const request = { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'call_no' };
    const answer = {
      type: 'tool-approval-response',
      approvalId: 'a1',
      approved: false,
      reason: 'No.',
    };
    expect(
      approvalsOf([
        exchange('/v1/sessions/s1/ai-sdk-steps', {
          messages: [{ role: 'assistant', content: [request] }],
        }),
        exchange('/v1/sessions/s1/messages', {
          messages: [{ kind: 'tool_approval_response', content: [answer] }],
        }),
      ]),
    ).toEqual([{ toolCallId: 'call_no', approved: false, reason: 'No.' }]);
  });

  it('reports a denied call answered as if it had been interrupted, and an approved one answered wrong', () => {
    const body = {
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_ok', name: 'GitPush', input: {} },
            { type: 'tool_use', id: 'call_no', name: 'GitPush', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_ok', content: 'pushed' },
            { type: 'tool_result', tool_use_id: 'call_no', content: '[No result was recorded]' },
          ],
        },
      ],
    };
    expect(approvalResultViolations(call('anthropic', body), answers, pushed)).toEqual([
      '#01: the denied call call_no is answered "[No result was recorded]", not with the denial ("Not on main.")',
    ]);
    const google = {
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'call_ok', name: 'GitPush', args: {} } }] },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'call_ok',
                name: 'GitPush',
                response: { name: 'GitPush', content: 'interrupted' },
              },
            },
          ],
        },
      ],
    };
    expect(approvalResultViolations(call('google', google), answers, pushed)).toHaveLength(1);
  });

  it('counts executions: twice for the approved call and once for the denied one are both wrong', () => {
    const run = (toolCallId: string) => ({ toolName: 'GitPush', toolCallId, input: {} });
    expect(
      approvalExecutionViolations([run('call_ok'), run('call_ok'), run('call_no')], answers),
    ).toEqual([
      'the approved call call_ok ran 2 times, not once',
      'the denied call call_no ran 1 times, not never',
    ]);
    expect(approvalExecutionViolations([run('call_ok')], answers)).toEqual([]);
  });
});

describe('interruption claims', () => {
  it('finds the words anywhere in the body', () => {
    const body = {
      input: [{ type: 'function_call_output', call_id: 'c', output: 'Tool call was interrupted.' }],
    };
    expect(interruptionClaimViolations(call('openai', body))).toEqual([
      expect.stringContaining('"interrupted" in the body'),
    ]);
    expect(interruptionClaimViolations(call('openai', { input: [] }))).toEqual([]);
  });
});

describe('reasoning leaks', () => {
  const markers = new Map([
    ['RSN-anthropic-01', 'anthropic' as const],
    ['RSN-openai-01', 'openai' as const],
  ]);

  it('accepts a marker in its own family’s reasoning field', () => {
    const body = {
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'thinking', thinking: 'Plan. RSN-anthropic-01', signature: 's' }],
        },
      ],
    };
    expect(reasoningLeakViolations(call('anthropic', body), markers)).toEqual([]);
  });

  it('reports reasoning sent as text, to another family, or to a provider without the field', () => {
    const asText = {
      messages: [
        { role: 'assistant', content: [{ type: 'text', text: 'Plan. RSN-anthropic-01' }] },
      ],
    };
    expect(reasoningLeakViolations(call('anthropic', asText), markers)).toEqual([
      '#01: anthropic reasoning RSN-anthropic-01 outside the reasoning field, at /messages/0/content/0/text = "Plan. RSN-anthropic-01"',
    ]);
    const toGoogle = {
      contents: [{ role: 'model', parts: [{ text: 'Plan. RSN-anthropic-01', thought: true }] }],
    };
    expect(reasoningLeakViolations(call('google', toGoogle), markers)).toEqual([
      expect.stringContaining('anthropic reasoning RSN-anthropic-01 sent to google'),
    ]);
    const toChat = { messages: [{ role: 'assistant', content: 'RSN-openai-01' }] };
    expect(reasoningLeakViolations(call('openai.chat', toChat), markers)).toHaveLength(1);
    const summary = {
      input: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'RSN-openai-01' }] }],
    };
    expect(reasoningLeakViolations(call('openai', summary), markers)).toEqual([]);
  });
});

describe('replays', () => {
  it('compares bodies byte for byte and shows where they part', () => {
    const original = call('anthropic', { messages: [{ role: 'user', content: 'abc' }] });
    const same = new Map([[1, { body: original.request.body }]]);
    expect(replayViolations(original, same)).toEqual([]);
    const reordered = new Map([[1, { body: '{"messages":[{"content":"abc","role":"user"}]}' }]]);
    expect(replayViolations(original, reordered)).toEqual([
      expect.stringContaining('differs from character 15'),
    ]);
    expect(replayViolations(original, new Map([[1, { error: 'RevisionNotFound' }]]))).toEqual([
      '#01: the replay failed: RevisionNotFound',
    ]);
  });
});

describe('Anthropic validity', () => {
  it('reports tool blocks without tool definitions', () => {
    const body = {
      messages: [
        { role: 'user', content: 'Read it.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }] },
      ],
    };
    expect(anthropicValidityViolations(call('anthropic', body))).toEqual([
      '#01: the request holds tool_use or tool_result blocks but defines no tools',
    ]);
    expect(
      anthropicValidityViolations(call('anthropic', { ...body, tools: [{ name: 'Read' }] })),
    ).toEqual([]);
  });
});

describe('transcript', () => {
  const post = (path: string, body: unknown) => ({
    method: 'POST',
    path: `/v1/sessions/s1/${path}`,
    body,
    status: 200,
    response: {},
  });
  const step = (messages: unknown[]) => post('ai-sdk-steps', { generationId: 'g1', messages });
  const assistantCall = {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: {} }],
  };
  const toolResult = {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'Read',
        output: { type: 'text', value: 'x' },
      },
    ],
  };
  const recordOf = (
    entries: Array<{ id: string; kind: string; content: unknown }>,
  ): SessionRecord => ({
    sessionId: 's1',
    systemPrompt: '',
    calls: [call('anthropic', {}), { ...call('anthropic', {}), number: 2, label: '#02' }],
    ledger: [
      post('messages', { messages: [{ id: 'u1', kind: 'user_input', content: 'Go.' }] }),
      step([assistantCall, toolResult]),
      // The next step of the same generation repeats the first step's messages.
      step([assistantCall, toolResult, { role: 'assistant', content: 'Done.' }]),
    ],
    transcripts: [
      {
        afterRequest: 2,
        exchangeCount: 3,
        entries: entries.map((entry) => ({ role: 'user', ...entry })),
      },
    ],
    executions: [],
    loggedWarnings: [],
    reasoningMarkers: new Map(),
    replays: new Map(),
  });
  const sent = [
    { id: 'u1', kind: 'user_input', content: 'Go.' },
    { id: 's:0', kind: 'tool_call', content: assistantCall.content },
    { id: 's:1', kind: 'tool_result', content: toolResult.content },
    { id: 's:2', kind: 'assistant_text', content: 'Done.' },
  ];

  it('accepts a transcript with each sent message once, in order', () => {
    expect(transcriptViolations(recordOf(sent))).toEqual([]);
  });

  it('reports a message twice, a message missing, a message never sent and a wrong order', () => {
    const [input, toolCall, result, text] = sent;
    const synthetic = {
      id: 'repair:1',
      kind: 'tool_result',
      content: [
        { type: 'tool-result', toolCallId: 'c9', output: { type: 'error-text', value: '?' } },
      ],
    };
    expect(transcriptViolations(recordOf([input!, toolCall!, result!, result!, text!]))).toEqual([
      'after #02: tool result c1 is in the transcript 2 times, not once',
    ]);
    expect(transcriptViolations(recordOf([input!, toolCall!, text!, synthetic]))).toEqual([
      'after #02: tool result c1 is in the transcript 0 times, not once',
      'after #02: the transcript shows tool result c9, which the runtime never sent',
    ]);
    expect(transcriptViolations(recordOf([input!, result!, toolCall!, text!]))).toEqual([
      "after #02: the transcript's order differs from the sending order at tool call c1 (sent #2); the transcript has tool result c1 there",
    ]);
  });
});
