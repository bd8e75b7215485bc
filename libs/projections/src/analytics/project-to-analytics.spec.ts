import type { RuntimeMessage } from '@agent-ledger/messages';
import { groupAnalytics } from './group-analytics';
import { analyticsFactsOf } from './analytics-facts-of';
import { modelCallFactsOf } from './model-call-facts-of';
import { projectToAnalytics } from './project-to-analytics';

const at = (minute: number, day = 1) =>
  `2026-03-0${day}T10:${String(minute).padStart(2, '0')}:00.000Z`;
const base = { sessionId: 's1' };

const messages: RuntimeMessage[] = [
  { ...base, id: 'u1', kind: 'user_input', role: 'user', createdAt: at(0), content: 'fix it' },
  {
    ...base,
    id: 'c1',
    kind: 'tool_call',
    role: 'assistant',
    createdAt: at(1),
    metadata: { agentName: 'coder' },
    content: [
      { type: 'tool-call', toolCallId: 'a', toolName: 'Read', input: {} },
      { type: 'tool-call', toolCallId: 'b', toolName: 'Read', input: {} },
      { type: 'tool-call', toolCallId: 'c', toolName: 'Bash', input: {} },
    ],
  },
  {
    ...base,
    id: 'r1',
    kind: 'tool_result',
    role: 'tool',
    createdAt: at(2),
    metadata: { compactedAt: at(9) },
    content: [
      { type: 'tool-result', toolCallId: 'a', output: { type: 'text', value: '1234567890' } },
      { type: 'tool-result', toolCallId: 'b', output: { type: 'json', value: { k: 1 } } },
    ],
  },
  {
    ...base,
    id: 'r2',
    kind: 'tool_result',
    role: 'tool',
    createdAt: at(3),
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c',
        toolName: 'Bash',
        output: { type: 'error-text', value: 'boom' },
      },
    ],
  },
  {
    ...base,
    id: 'b1',
    kind: 'compact_boundary',
    role: 'system',
    createdAt: at(4),
    content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 90000 },
  },
  {
    ...base,
    id: 's1',
    kind: 'compact_summary',
    role: 'user',
    createdAt: at(4),
    metadata: { summaryForBoundaryId: 'b1' },
    content: 'summary!',
  },
  {
    ...base,
    id: 'h1',
    kind: 'agent_switch_note',
    role: 'system',
    createdAt: at(5),
    content: { type: 'agent-switch', fromAgent: 'coder', toAgent: 'docs' },
  },
  { ...base, id: 'u2', kind: 'user_input', role: 'user', createdAt: at(0, 2), content: 'next' },
];
const calls = [
  {
    callId: 'g:step-0',
    recordedAt: at(1),
    agentName: 'coder',
    provider: 'anthropic.messages',
    modelId: 'claude',
    messageIds: ['c1'],
    latencyMs: 800,
    cost: { amount: 0.25, currency: 'USD' },
    contextTokens: { input: 110, method: 'calibrated' },
    usage: {
      inputTokens: 100,
      outputTokens: 20,
      inputTokenDetails: { cacheReadTokens: 60, cacheWriteTokens: 40 },
      outputTokenDetails: { reasoningTokens: 5 },
      totalTokens: 120,
    },
  },
  {
    callId: 'g:step-1',
    recordedAt: at(3),
    agentName: 'coder',
    provider: 'anthropic.messages',
    modelId: 'claude',
    messageIds: [],
    latencyMs: 1200,
    cost: { amount: 0.5, currency: 'USD' },
    // Without cache writes in the usage: Anthropic's own count is read.
    providerMetadata: { anthropic: { cacheCreationInputTokens: 25 } },
    usage: { inputTokens: 200, outputTokens: 30, cachedInputTokens: 150 },
  },
];

describe('projectToAnalytics', () => {
  it('counts turns, kinds, calls and tokens as recorded, tools with their errors and sizes, prunings, compactions, hand-offs', () => {
    expect(projectToAnalytics(messages, calls, { sessionId: 's1' })).toEqual({
      view: 'analytics',
      sessionId: 's1',
      turns: 2,
      messages: {
        total: 8,
        byKind: {
          user_input: 2,
          tool_call: 1,
          tool_result: 2,
          compact_boundary: 1,
          compact_summary: 1,
          agent_switch_note: 1,
        },
      },
      modelCalls: {
        total: 2,
        byModel: { 'anthropic.messages/claude': 2 },
        timed: 2,
        latencyMs: { p50: 800, max: 1200, total: 2000 },
        priced: 2,
        cost: { USD: 0.75 },
      },
      calls: [
        {
          callId: 'g:step-0',
          recordedAt: at(1),
          model: 'anthropic.messages/claude',
          inputTokens: 100,
          outputTokens: 20,
          cacheReadTokens: 60,
          cacheWriteTokens: 40,
          latencyMs: 800,
          cost: { amount: 0.25, currency: 'USD' },
          estimatedInputTokens: 110,
          estimateMethod: 'calibrated',
          estimateError: 10,
        },
        {
          callId: 'g:step-1',
          recordedAt: at(3),
          model: 'anthropic.messages/claude',
          inputTokens: 200,
          outputTokens: 30,
          cacheReadTokens: 150,
          cacheWriteTokens: 25,
          latencyMs: 1200,
          cost: { amount: 0.5, currency: 'USD' },
        },
      ],
      tokenEstimates: { calls: 1, meanAbsoluteError: 10, meanAbsolutePercentError: 10 },
      tokens: {
        input: 300,
        output: 50,
        reasoning: 5,
        cachedInput: 210,
        cacheWrite: 65,
        total: 350,
      },
      tools: [
        {
          toolName: 'Bash',
          calls: 1,
          results: 1,
          errors: 1,
          outputChars: { p50: 4, max: 4, total: 4 },
        },
        {
          toolName: 'Read',
          calls: 2,
          results: 2,
          errors: 0,
          outputChars: { p50: 7, max: 10, total: 17 },
        },
      ],
      prunings: { results: 2, characters: 17 },
      compactions: [{ boundaryId: 'b1', createdAt: at(4), tokensBefore: 90000, summaryChars: 8 }],
      providerCompactions: [],
      contextShrinks: [],
      handoffs: { total: 1, byAgent: { docs: 1 } },
      firstActivityAt: at(0),
      lastActivityAt: at(0, 2),
    });
  });
});

describe('groupAnalytics', () => {
  const sessions = [
    {
      sessionId: 's1',
      messages: messages.map(analyticsFactsOf),
      calls: calls.map(modelCallFactsOf),
    },
  ];
  const tokens = (
    input: number,
    output: number,
    reasoning: number,
    cachedInput: number,
    cacheWrite: number,
    total: number,
  ) => ({ input, output, reasoning, cachedInput, cacheWrite, total });

  it('by day, within a time range', () => {
    expect(
      groupAnalytics(sessions, 'day').map(({ key, messages: count, turns, modelCalls }) => ({
        key,
        count,
        turns,
        modelCalls,
      })),
    ).toEqual([
      { key: '2026-03-01', count: 7, turns: 1, modelCalls: 2 },
      { key: '2026-03-02', count: 1, turns: 1, modelCalls: 0 },
    ]);
    expect(
      groupAnalytics(sessions, 'day', { from: '2026-03-02' }).map((group) => group.key),
    ).toEqual(['2026-03-02']);
  });

  it('by model: messages by the call that produced them', () => {
    expect(
      groupAnalytics(sessions, 'model').map(
        ({ key, messages: count, modelCalls, tokens: sum }) => ({ key, count, modelCalls, sum }),
      ),
    ).toEqual([
      {
        key: 'anthropic.messages/claude',
        count: 1,
        modelCalls: 2,
        sum: tokens(300, 50, 5, 210, 65, 350),
      },
      { key: 'none', count: 7, modelCalls: 0, sum: tokens(0, 0, 0, 0, 0, 0) },
    ]);
  });

  it("by agent: the calls' latency and cost, only where some call has them", () => {
    expect(
      groupAnalytics(sessions, 'agent').map(({ key, timed, latencyMs, priced, cost }) => ({
        key,
        timed,
        latencyMs,
        priced,
        cost,
      })),
    ).toEqual([
      {
        key: 'coder',
        timed: 2,
        latencyMs: { p50: 800, max: 1200, total: 2000 },
        priced: 2,
        cost: { USD: 0.75 },
      },
      {
        key: 'unknown',
        timed: undefined,
        latencyMs: undefined,
        priced: undefined,
        cost: undefined,
      },
    ]);
    expect(groupAnalytics(sessions, 'agent')[1]).not.toHaveProperty('latencyMs');
  });

  it('by tool: calls, errors and output sizes', () => {
    expect(
      groupAnalytics(sessions, 'tool').map(({ key, toolCalls, toolErrors, toolOutputChars }) => ({
        key,
        toolCalls,
        toolErrors,
        toolOutputChars,
      })),
    ).toEqual([
      { key: 'Bash', toolCalls: 1, toolErrors: 1, toolOutputChars: { p50: 4, max: 4, total: 4 } },
      { key: 'Read', toolCalls: 2, toolErrors: 0, toolOutputChars: { p50: 7, max: 10, total: 17 } },
    ]);
  });
});
