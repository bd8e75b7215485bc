import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  stepCountIs,
  tool,
  type ModelMessage,
  type StepResult,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { getJson, postJson, type JsonResponse } from './testing/http-client';
import { anyString } from './testing/matchers';
import { readSessionStream, type StoredEvent } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

/** One model answer of the mock: content, finish reason, usage and response metadata. */
function modelStep(
  index: number,
  content: LanguageModelV3GenerateResult['content'],
  finish: 'stop' | 'tool-calls',
): LanguageModelV3GenerateResult {
  return {
    content,
    finishReason: { unified: finish, raw: finish },
    usage: {
      inputTokens: { total: 100 + index, noCache: 100 + index, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 10 + index, text: 10 + index, reasoning: 0 },
    },
    response: { id: `resp-${index}`, modelId: 'mock-model-2026', timestamp: new Date(0) },
    warnings: [],
  };
}

const toolCall = (toolCallId: string, toolName: string, input: unknown) => ({
  type: 'tool-call' as const,
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

/** What `onStepFinish` posts of a step (fields that do not depend on the tool set). */
type PostedStep = Pick<
  StepResult<ToolSet>,
  'stepNumber' | 'model' | 'response' | 'finishReason' | 'usage' | 'providerMetadata'
>;

/** The body `onStepFinish` posts: the step as the AI SDK gives it, and the generation it is of. */
function stepBody(step: PostedStep, generationId: string, contextRevision: number) {
  return {
    generationId,
    stepNumber: step.stepNumber,
    messages: step.response.messages,
    provider: step.model.provider,
    modelId: step.response.modelId,
    responseId: step.response.id,
    finishReason: step.finishReason,
    usage: step.usage,
    providerMetadata: step.providerMetadata,
    contextRevision,
  };
}

/** A `GET …/model-context?format=ai-sdk-prompt` answer, as far as a runtime reads it. */
interface Prompt {
  revision: number;
  system: string | null;
  messages: ModelMessage[];
}

const messageEvents = (stream: StoredEvent[]) =>
  stream.flatMap(({ type, data }) => {
    const message = data as { id?: string; kind?: string };
    return message.kind === undefined ? [] : [{ type, id: message.id, kind: message.kind }];
  });

const modelCalls = (stream: StoredEvent[]) =>
  stream.filter((event) => event.type === 'ModelCallRecorded').map((event) => event.data);

describe.each(STORE_KINDS)('AI SDK steps on the %s store', (kind) => {
  let store: TestStore;
  let server: RunningServer;
  const post = (sessionId: string, route: string, body: unknown): Promise<JsonResponse> =>
    postJson(`${server.url}/v1/sessions/${sessionId}/${route}`, body);
  const prompt = async (sessionId: string): Promise<Prompt> => {
    const answer = await getJson(
      `${server.url}/v1/sessions/${sessionId}/model-context?format=ai-sdk-prompt`,
    );
    expect(answer.status).toBe(200);
    return answer.body as Prompt;
  };
  const recordInput = async (sessionId: string, id: string, content: string) => {
    const input = { id, sessionId, kind: 'user_input', role: 'user', content };
    expect((await post(sessionId, 'messages', { messages: [input] })).status).toBe(200);
  };

  beforeAll(async () => {
    store = await startTestStore(kind);
    server = await startServer({ ...store.env, READ_MODEL_WAIT_MS: '3000' });
  });

  afterAll(async () => {
    try {
      await server.stop();
    } finally {
      await store.close();
    }
  });

  it('records a multi-step generateText from onStepFinish: each message once, in order, and one ModelCallRecorded per step; re-posting every step appends nothing', async () => {
    const sessionId = 'steps-1';
    await recordInput(sessionId, 'u1', 'Compare a.ts and b.ts');
    const context = await prompt(sessionId);
    const model = new MockLanguageModelV3({
      doGenerate: [
        modelStep(0, [toolCall('call_1', 'Read', { path: 'a.ts' })], 'tool-calls'),
        modelStep(
          1,
          [{ type: 'text', text: 'Now b.ts.' }, toolCall('call_2', 'Read', { path: 'b.ts' })],
          'tool-calls',
        ),
        modelStep(2, [{ type: 'text', text: 'Both export login().' }], 'stop'),
      ],
    });
    const posts: Array<{ body: ReturnType<typeof stepBody>; answer: JsonResponse }> = [];
    const usages: unknown[] = [];
    await generateText({
      model,
      ...(context.system === null ? {} : { system: context.system }),
      messages: context.messages,
      tools: {
        Read: tool({
          inputSchema: jsonSchema<{ path: string }>({
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          }),
          execute: ({ path }) => Promise.resolve(`export function login() {} // ${path}`),
        }),
      },
      stopWhen: stepCountIs(5),
      onStepFinish: async (step) => {
        const body = stepBody(step, 'gen-1', context.revision);
        usages.push(JSON.parse(JSON.stringify(step.usage)));
        posts.push({ body, answer: await post(sessionId, 'ai-sdk-steps', body) });
      },
    });

    expect(posts.map(({ body, answer }) => [body.messages.length, answer.status])).toEqual([
      [2, 200],
      [4, 200],
      [5, 200],
    ]);
    const stream = await readSessionStream(store, sessionId);
    expect(messageEvents(stream)).toEqual([
      { type: 'UserInputRecorded', id: 'u1', kind: 'user_input' },
      { type: 'ToolCallRecorded', id: 'gen-1:0', kind: 'tool_call' },
      { type: 'ToolResultRecorded', id: 'gen-1:1', kind: 'tool_result' },
      { type: 'AssistantTextRecorded', id: 'gen-1:2.0', kind: 'assistant_text' },
      { type: 'ToolCallRecorded', id: 'gen-1:2.1', kind: 'tool_call' },
      { type: 'ToolResultRecorded', id: 'gen-1:3', kind: 'tool_result' },
      { type: 'AssistantTextRecorded', id: 'gen-1:4', kind: 'assistant_text' },
    ]);
    expect(stream.map((event) => event.type)).toEqual([
      'SessionStarted',
      'UserInputRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'ModelCallRecorded',
      'AssistantTextRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'ModelCallRecorded',
      'AssistantTextRecorded',
      'ModelCallRecorded',
    ]);
    expect(modelCalls(stream)).toEqual(
      [
        { messageIds: ['gen-1:0', 'gen-1:1'], finishReason: 'tool-calls', count: 2 },
        { messageIds: ['gen-1:2.0', 'gen-1:2.1', 'gen-1:3'], finishReason: 'tool-calls', count: 4 },
        { messageIds: ['gen-1:4'], finishReason: 'stop', count: 5 },
      ].map(({ messageIds, finishReason, count }, stepNumber) => ({
        sessionId,
        callId: `gen-1:step-${stepNumber}`,
        generationId: 'gen-1',
        stepNumber,
        provider: 'mock-provider',
        modelId: 'mock-model-2026',
        responseId: `resp-${stepNumber}`,
        finishReason,
        usage: usages[stepNumber],
        contextRevision: context.revision,
        responseMessageCount: count,
        messageIds,
        recordedAt: anyString,
      })),
    );
    expect(
      modelCalls(stream).map(
        (call) => (call as { usage: { inputTokens: number } }).usage.inputTokens,
      ),
    ).toEqual([100, 101, 102]);

    const last = posts.at(-1)?.answer.body as { revision: number; position: number };
    const transcript = await getJson(
      `${server.url}/v1/sessions/${sessionId}/transcript?minPosition=${last.position}`,
    );
    expect(
      (transcript.body as { entries: Array<{ id: string }> }).entries.map((entry) => entry.id),
    ).toEqual(['u1', 'gen-1:0', 'gen-1:1', 'gen-1:2.0', 'gen-1:2.1', 'gen-1:3', 'gen-1:4']);

    const reposted = await Promise.all(
      posts.map(({ body }) => post(sessionId, 'ai-sdk-steps', body)),
    );
    expect(reposted).toEqual(
      posts.map(() => ({
        status: 200,
        body: { sessionId, revision: last.revision, position: last.position },
      })),
    );
    expect((await readSessionStream(store, sessionId)).length).toEqual(stream.length);
  });

  it('records the step object as onStepFinish gives it, JSON round-tripped as a runtime sends it: { generationId, ...step }', async () => {
    const sessionId = 'step-object-1';
    await recordInput(sessionId, 'u1', 'Read a.ts');
    const context = await prompt(sessionId);
    const model = new MockLanguageModelV3({
      doGenerate: [
        modelStep(0, [toolCall('call_1', 'Read', { path: 'a.ts' })], 'tool-calls'),
        modelStep(1, [{ type: 'text', text: 'It exports login().' }], 'stop'),
      ],
    });
    const answers: JsonResponse[] = [];
    const sent: Array<Record<string, unknown>> = [];
    await generateText({
      model,
      ...(context.system === null ? {} : { system: context.system }),
      messages: context.messages,
      tools: {
        Read: tool({
          inputSchema: jsonSchema<{ path: string }>({
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          }),
          execute: ({ path }) => Promise.resolve(`export function login() {} // ${path}`),
        }),
      },
      stopWhen: stepCountIs(5),
      onStepFinish: async (step) => {
        const body = JSON.parse(
          JSON.stringify({
            generationId: 'gen-object',
            contextRevision: context.revision,
            ...step,
          }),
        ) as Record<string, unknown>;
        sent.push(body);
        answers.push(await post(sessionId, 'ai-sdk-steps', body));
      },
    });

    // What a runtime sends: the step's own fields, `messages` only inside `response`.
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(
      expect.arrayContaining(['content', 'model', 'request', 'response', 'stepNumber', 'usage']),
    );
    expect(sent[0]).not.toHaveProperty('messages');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stream = await readSessionStream(store, sessionId);
    expect(messageEvents(stream)).toEqual([
      { type: 'UserInputRecorded', id: 'u1', kind: 'user_input' },
      { type: 'ToolCallRecorded', id: 'gen-object:0', kind: 'tool_call' },
      { type: 'ToolResultRecorded', id: 'gen-object:1', kind: 'tool_result' },
      { type: 'AssistantTextRecorded', id: 'gen-object:2', kind: 'assistant_text' },
    ]);
    expect(modelCalls(stream)).toEqual(
      [
        { messageIds: ['gen-object:0', 'gen-object:1'], finishReason: 'tool-calls', count: 2 },
        { messageIds: ['gen-object:2'], finishReason: 'stop', count: 3 },
      ].map(({ messageIds, finishReason, count }, stepNumber) => ({
        sessionId,
        callId: `gen-object:step-${stepNumber}`,
        generationId: 'gen-object',
        stepNumber,
        provider: 'mock-provider',
        modelId: 'mock-model-2026',
        responseId: `resp-${stepNumber}`,
        finishReason,
        usage: sent[stepNumber]?.['usage'],
        contextRevision: context.revision,
        responseMessageCount: count,
        messageIds,
        recordedAt: anyString,
      })),
    );

    // Sent again with the flat fields of earlier clients beside the same values: a retry.
    const last = answers.at(-1)?.body as { revision: number; position: number };
    const step = sent[1] as { response: { messages: unknown[]; id: string } };
    const retry = await post(sessionId, 'ai-sdk-steps', {
      ...step,
      messages: step.response.messages,
      responseId: step.response.id,
    });
    expect(retry).toEqual({
      status: 200,
      body: { sessionId, revision: last.revision, position: last.position },
    });
    const disagreeing = await post(sessionId, 'ai-sdk-steps', { ...step, responseId: 'other' });
    expect(disagreeing.status).toBe(400);
    expect(disagreeing.body).toMatchObject({
      code: 'InvalidRequest',
      errors: ['responseId: differs from response.id; send one of them, or the same value in both'],
    });
  });

  it('refuses another generateText call under a used generationId with 422 GenerationConflict', async () => {
    const sessionId = 'steps-2';
    const text = (value: string) => [
      { role: 'assistant', content: [{ type: 'text', text: value }] },
    ];
    expect(
      (await post(sessionId, 'ai-sdk-steps', { generationId: 'g', messages: text('One.') })).status,
    ).toBe(200);
    const reused = await post(sessionId, 'ai-sdk-steps', {
      generationId: 'g',
      messages: text('Two.'),
    });
    expect(reused).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        code: 'GenerationConflict',
        message:
          'Response message 0 of generation "g" (runtime message "g:0") differs from the one already recorded at that index. A generation is one generateText call: its steps re-send the same response messages at the same indexes. Send a new generationId for every generateText call, and the same one for all of its steps.',
        messageId: 'g:0',
        field: 'id',
      },
    });
  });

  it('round-trips a signed approval: the next generateText accepts the signature and runs the approved tool exactly once', async () => {
    const sessionId = 'approval-1';
    const secret = 'the runtime’s approval secret';
    let runs = 0;
    const tools = {
      Bash: tool({
        inputSchema: jsonSchema<{ command: string }>({
          type: 'object',
          properties: { command: { type: 'string' } },
          required: ['command'],
        }),
        needsApproval: true,
        execute: ({ command }) => {
          runs += 1;
          return Promise.resolve(`ran ${command}: 12 passed`);
        },
      }),
    };
    const model = new MockLanguageModelV3({
      doGenerate: [
        modelStep(0, [toolCall('call_b', 'Bash', { command: 'npm test' })], 'tool-calls'),
        modelStep(1, [{ type: 'text', text: 'All 12 tests pass.' }], 'stop'),
      ],
    });
    const recordStep = (generationId: string, revision: number) => async (step: PostedStep) => {
      const answer = await post(sessionId, 'ai-sdk-steps', stepBody(step, generationId, revision));
      expect(answer.status).toBe(200);
    };

    await recordInput(sessionId, 'u1', 'Run the tests');
    const before = await prompt(sessionId);
    const first = await generateText({
      model,
      messages: before.messages,
      tools,
      experimental_toolApprovalSecret: secret,
      onStepFinish: recordStep('gen-a', before.revision),
    });
    const asked = first.content.find((part) => part.type === 'tool-approval-request');
    expect(asked?.signature).toEqual(expect.any(String));
    const requested = (await readSessionStream(store, sessionId)).find(
      (event) => event.type === 'ToolApprovalRequested',
    );
    expect(requested?.data).toMatchObject({
      id: 'gen-a:0.1',
      content: [
        {
          type: 'tool-approval-request',
          approvalId: asked?.approvalId,
          toolCallId: 'call_b',
          signature: asked?.signature,
        },
      ],
    });

    const approval = {
      id: 'approval-b',
      sessionId,
      kind: 'tool_approval_response',
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: asked?.approvalId, approved: true }],
    };
    expect((await post(sessionId, 'messages', { messages: [approval] })).status).toBe(200);
    const after = await prompt(sessionId);
    const second = await generateText({
      model,
      ...(after.system === null ? {} : { system: after.system }),
      messages: after.messages,
      tools,
      experimental_toolApprovalSecret: secret,
      onStepFinish: recordStep('gen-b', after.revision),
    });

    expect(runs).toBe(1);
    expect(second.response.messages[0]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_b',
          toolName: 'Bash',
          output: { type: 'text', value: 'ran npm test: 12 passed' },
        },
      ],
    });
    const stream = await readSessionStream(store, sessionId);
    expect(messageEvents(stream).slice(-2)).toEqual([
      { type: 'ToolResultRecorded', id: 'gen-b:0', kind: 'tool_result' },
      { type: 'AssistantTextRecorded', id: 'gen-b:1', kind: 'assistant_text' },
    ]);
    expect(modelCalls(stream)).toEqual([
      expect.objectContaining({ callId: 'gen-a:step-0', messageIds: ['gen-a:0.0', 'gen-a:0.1'] }),
      expect.objectContaining({ callId: 'gen-b:step-0', messageIds: ['gen-b:0', 'gen-b:1'] }),
    ]);
  });

  it('records latency and cost where known (the runtime’s, else the provider’s report), and GET …/model-calls pages the calls without provider metadata', async () => {
    const sessionId = 'steps-cost';
    await recordInput(sessionId, 'u1', 'Hello');
    const step = (stepNumber: number, extra: Record<string, unknown>) =>
      post(sessionId, 'ai-sdk-steps', {
        generationId: 'gen-cost',
        stepNumber,
        messages: [{ role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] }],
        modelId: 'mock-model-2026',
        usage: { inputTokens: 12, outputTokens: 3, raw: { provider_only: 1 } },
        ...extra,
      });
    // The AI Gateway reports its cost as a decimal string; OpenRouter as a number.
    expect(
      (await step(0, { latencyMs: 840, providerMetadata: { gateway: { cost: '0.0042' } } })).status,
    ).toBe(200);
    expect(
      (await step(1, { providerMetadata: { openrouter: { usage: { cost: 0.001 } } } })).status,
    ).toBe(200);
    expect(
      (
        await step(2, {
          latencyMs: 120.5,
          cost: { amount: 0.5, currency: 'EUR' },
          providerMetadata: { gateway: { cost: '9' } },
        })
      ).status,
    ).toBe(200);
    expect((await step(3, { providerMetadata: { gateway: { cost: 'free' } } })).status).toBe(200);
    // A re-sent step measured again is the same call: latency is a measurement, not a fact of it.
    const resent = await step(0, {
      latencyMs: 900,
      providerMetadata: { gateway: { cost: '0.0042' } },
    });
    expect(resent.status).toBe(200);
    const { position } = resent.body as { position: number };

    const first = await getJson(
      `${server.url}/v1/sessions/${sessionId}/model-calls?limit=3&minPosition=${position}`,
    );
    expect(first.status).toBe(200);
    const page = first.body as { calls: Array<Record<string, unknown>>; nextCursor: string | null };
    expect(page.calls.map(({ number, latencyMs, cost }) => ({ number, latencyMs, cost }))).toEqual([
      { number: 1, latencyMs: 840, cost: { amount: 0.0042, currency: 'USD', source: 'provider' } },
      {
        number: 2,
        latencyMs: undefined,
        cost: { amount: 0.001, currency: 'USD', source: 'provider' },
      },
      { number: 3, latencyMs: 120.5, cost: { amount: 0.5, currency: 'EUR', source: 'runtime' } },
    ]);
    expect(page.calls[0]).toMatchObject({
      callId: 'gen-cost:step-0',
      modelId: 'mock-model-2026',
      usage: { inputTokens: 12, outputTokens: 3 },
      messageIds: ['gen-cost:0'],
    });
    for (const call of page.calls) {
      expect(call).not.toHaveProperty('providerMetadata');
      expect(call['usage']).not.toHaveProperty('raw');
    }
    expect(page.nextCursor).not.toBeNull();
    const rest = await getJson(
      `${server.url}/v1/sessions/${sessionId}/model-calls?cursor=${page.nextCursor ?? ''}`,
    );
    expect(rest.body).toMatchObject({
      calls: [{ number: 4, callId: 'gen-cost:step-3' }],
      nextCursor: null,
    });
    expect((rest.body as { calls: object[] }).calls[0]).not.toHaveProperty('cost');

    const analytics = await getJson(
      `${server.url}/v1/sessions/${sessionId}/analytics?minPosition=${position}`,
    );
    expect(analytics.body).toMatchObject({
      modelCalls: { total: 4, timed: 2, latencyMs: { max: 840, total: 960.5 }, priced: 3 },
    });
    const { cost } = (analytics.body as { modelCalls: { cost: Record<string, number> } })
      .modelCalls;
    expect(Object.keys(cost).sort()).toEqual(['EUR', 'USD']);
    expect(cost['USD']).toBeCloseTo(0.0052, 10);
    expect(cost['EUR']).toBe(0.5);
    expect((await getJson(`${server.url}/v1/sessions/nope/model-calls`)).status).toBe(404);
    expect(
      (await getJson(`${server.url}/v1/sessions/${sessionId}/model-calls?cursor=x`)).status,
    ).toBe(400);
  });
  it("records cache reads and writes and the ledger's token count beside the reported input: per call in GET …/model-calls and analytics, latency and cost in GET /v1/analytics", async () => {
    const sessionId = 'steps-cache';
    await recordInput(sessionId, 'u1', 'Hello');
    const step = (stepNumber: number, extra: Record<string, unknown>) =>
      post(sessionId, 'ai-sdk-steps', {
        generationId: 'gen-cache',
        stepNumber,
        messages: [{ role: 'assistant', content: [{ type: 'text', text: 'Hi.' }] }],
        provider: 'anthropic.messages',
        modelId: 'claude-cache-2026',
        ...extra,
      });
    expect(
      (
        await step(0, {
          usage: {
            inputTokens: 1000,
            outputTokens: 10,
            inputTokenDetails: { noCacheTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 1000 },
          },
          contextTokens: { input: 950, method: 'calibrated' },
          latencyMs: 300,
          cost: { amount: 0.25, currency: 'USD' },
        })
      ).status,
    ).toBe(200);
    // No cache writes in the usage: Anthropic's own count in the provider metadata is read.
    const last = await step(1, {
      usage: { inputTokens: 1100, outputTokens: 10, inputTokenDetails: { cacheReadTokens: 1000 } },
      providerMetadata: { anthropic: { cacheCreationInputTokens: 90 } },
      contextTokens: { input: 1210, method: 'calibrated' },
      latencyMs: 500,
    });
    expect(last.status).toBe(200);
    const { position } = last.body as { position: number };
    expect((await step(2, { contextTokens: { input: -1, method: 'estimate' } })).status).toBe(400);
    expect((await step(2, { contextTokens: 'many' })).status).toBe(400);
    expect((await step(2, { contextTokens: { input: 5 } })).status).toBe(400);

    const calls = await getJson(
      `${server.url}/v1/sessions/${sessionId}/model-calls?minPosition=${position}`,
    );
    expect(
      (calls.body as { calls: Array<Record<string, unknown>> }).calls.map(
        ({ contextTokens, usage }) => ({ contextTokens, usage }),
      ),
    ).toEqual([
      {
        contextTokens: { input: 950, method: 'calibrated' },
        usage: {
          inputTokens: 1000,
          outputTokens: 10,
          inputTokenDetails: { noCacheTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 1000 },
        },
      },
      {
        contextTokens: { input: 1210, method: 'calibrated' },
        usage: {
          inputTokens: 1100,
          outputTokens: 10,
          inputTokenDetails: { cacheReadTokens: 1000 },
        },
      },
    ]);

    const analytics = await getJson(
      `${server.url}/v1/sessions/${sessionId}/analytics?minPosition=${position}`,
    );
    const body = analytics.body as {
      calls: Array<Record<string, unknown>>;
      tokenEstimates: unknown;
      tokens: Record<string, number>;
    };
    expect(
      body.calls.map(
        ({ cacheReadTokens, cacheWriteTokens, estimatedInputTokens, estimateError }) => ({
          cacheReadTokens,
          cacheWriteTokens,
          estimatedInputTokens,
          estimateError,
        }),
      ),
    ).toEqual([
      { cacheReadTokens: 0, cacheWriteTokens: 1000, estimatedInputTokens: 950, estimateError: -50 },
      {
        cacheReadTokens: 1000,
        cacheWriteTokens: 90,
        estimatedInputTokens: 1210,
        estimateError: 110,
      },
    ]);
    // |−50| and |110| over two calls; 5 % and 10 %.
    expect(body.tokenEstimates).toEqual({
      calls: 2,
      meanAbsoluteError: 80,
      meanAbsolutePercentError: 7.5,
    });
    expect(body.tokens).toMatchObject({ cachedInput: 1000, cacheWrite: 1090 });

    const groups = await getJson(
      `${server.url}/v1/analytics?groupBy=model&minPosition=${position}`,
    );
    expect(groups.status).toBe(200);
    const group = (groups.body as { groups: Array<Record<string, unknown>> }).groups.find(
      ({ key }) => key === 'anthropic.messages/claude-cache-2026',
    );
    expect(group).toMatchObject({
      modelCalls: 2,
      timed: 2,
      latencyMs: { p50: 300, max: 500, total: 800 },
      priced: 1,
      cost: { USD: 0.25 },
      tokens: { cachedInput: 1000, cacheWrite: 1090 },
    });
  });
});
