import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../../apps/server/test/testing/start-server';
import { collect, createLedgerClient, LedgerError, type LedgerClient } from '../src';
import { scriptedModel } from './scripted-model';

describe('a session handle against the running server', () => {
  let server: RunningServer | undefined;
  let ledger: LedgerClient;

  beforeAll(async () => {
    server = await startServer();
    ledger = createLedgerClient({ baseUrl: server.url });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('tracks the revision: a write from elsewhere in between is refused with WrongExpectedRevision', async () => {
    const session = ledger.session('tracked');
    await session.recordSystemPrompt('Be terse.');
    const first = await session.recordUserInput('Hello');
    expect(session.revision).toBe(first.revision);
    expect(first.revision).toBe(2);
    await ledger.session('tracked').remind('Someone else wrote this.');
    const error: unknown = await session
      .recordUserInput('Again')
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toMatchObject({
      status: 409,
      code: 'WrongExpectedRevision',
      body: { actualRevision: 3 },
    });
  });

  it('runs a generateText loop in a few lines: prompt, prepareStep, recordStep; an oversized tool output is uploaded whole and the step refers to it', async () => {
    const session = ledger.session('loop', { agentName: 'build' });
    const bigLog = `big.log: ${'line\n'.repeat(400_000)}`; // 2 MB
    await session.recordSystemPrompt('You read files.');
    await session.recordUserInput('Read big.log');
    const tools = {
      Read: tool({
        inputSchema: z.object({ path: z.string() }),
        execute: ({ path }) => Promise.resolve(path === 'big.log' ? bigLog : ''),
      }),
    };
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'Read', input: { path: 'big.log' } }] },
      { text: 'The log is long.' },
    ]);
    const prompt = await session.prompt({ provider: 'anthropic' });
    const result = await generateText({
      model,
      tools,
      ...prompt,
      stopWhen: stepCountIs(3),
      prepareStep: session.prepareStep,
      onStepFinish: session.recordStep,
    });
    await session.recordResult(result);

    expect(result.text).toBe('The log is long.');
    // The second step was sent the ledger's context: system prompt, input, call, and the result
    // cut to the model view's soft limit (its head and tail), not the 2 MB.
    const secondCall = model.doGenerateCalls[1]?.prompt ?? [];
    expect(secondCall.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    const sent = JSON.stringify(secondCall[3]);
    expect(sent).toContain('big.log: line');
    expect(sent.length).toBeLessThan(200_000);
    // The ledger holds the whole output, as a blob the event refers to.
    const [recorded] = (await collect(session.events())).filter(
      (event) => event.type === 'ToolResultRecorded',
    );
    const output = (recorded?.data as { content: Array<{ output: unknown }> }).content[0]?.output;
    expect(output).toMatchObject({ type: 'blob', as: 'text', blob: { size: bigLog.length } });
    const { sha256 } = (output as { blob: { sha256: string } }).blob;
    expect(new TextDecoder().decode(await ledger.readBlob('loop', sha256))).toBe(bigLog);

    const entries = await collect(session.transcript());
    expect(entries.map(({ kind }) => kind)).toEqual([
      'system_note',
      'user_input',
      'tool_call',
      'tool_result',
      'assistant_text',
    ]);
    const summary = (await collect(ledger.sessions({ minPosition: session.position }))).find(
      ({ sessionId }) => sessionId === 'loop',
    );
    expect(summary).toMatchObject({
      modelCalls: 2,
      inputTokens: 3000,
      outputTokens: 30,
      agents: ['build'],
    });
  });

  it('records each call’s latency from the step’s start (stepStarted) and the cost the provider reported; modelCalls() reads them back', async () => {
    const session = ledger.session('timed', { agentName: 'build' });
    await session.recordUserInput('Say hi');
    const answerAfterMs = 60;
    const model = new MockLanguageModelV3({
      provider: 'gateway',
      modelId: 'scripted-1',
      doGenerate: async () => {
        await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
        return {
          content: [{ type: 'text', text: 'Hi.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 2, text: 2, reasoning: 0 },
          },
          response: { id: 'response-1', modelId: 'scripted-1' },
          providerMetadata: { gateway: { cost: '0.00021' } },
          warnings: [],
        };
      },
    });
    const prompt = await session.prompt({ provider: 'anthropic' });
    const result = await generateText({
      model,
      ...prompt,
      experimental_onStepStart: session.stepStarted,
      onStepFinish: session.recordStep,
    });
    await session.recordResult(result);

    const calls = await collect(session.modelCalls());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      number: 1,
      agentName: 'build',
      modelId: 'scripted-1',
      usage: { inputTokens: 20, outputTokens: 2 },
      cost: { amount: 0.00021, currency: 'USD', source: 'provider' },
    });
    // The model answered no sooner than its wait: a latency measured after the call would be less.
    expect(calls[0]?.latencyMs).toBeGreaterThanOrEqual(answerAfterMs - 1);
  });

  it('compacts with the caller’s model and records the summary’s provenance; the next prompt starts from it', async () => {
    const session = ledger.session('compacted');
    await session.recordSystemPrompt('You fix bugs.');
    await session.recordUserInput('Why does login fail?');
    const compaction = await session.compact({
      model: scriptedModel([{ text: 'The user asked why login fails.' }]),
      instructions: 'Summarize in one sentence.',
    });
    expect(compaction.summary).toBe('The user asked why login fails.');

    const events = await collect(session.events());
    const boundary = events.find((event) => event.type === 'CompactBoundaryRecorded');
    expect(boundary?.data).toMatchObject({
      content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 1000 },
      metadata: {
        extra: {
          compaction: {
            provider: 'anthropic.messages',
            modelId: 'scripted-1',
            instructions: 'Summarize in one sentence.',
            covers: { fromRevision: 0, toRevision: 2 },
            tokensBefore: 1000,
            tokensAfter: 10,
          },
        },
      },
    });
    const next = await session.prompt({ provider: 'anthropic' });
    expect(next.system).toBe('You fix bugs.');
    expect(JSON.stringify(next.messages)).toContain('The user asked why login fails.');
    expect(JSON.stringify(next.messages)).not.toContain('Why does login fail?');
  });

  it('compacts keeping the last turn verbatim: the summary covers what came before, the model still sees that turn', async () => {
    const session = ledger.session('kept');
    await session.recordSystemPrompt('You fix bugs.');
    await session.recordUserInput('First: why does login fail?');
    await session.recordUserInput('Second: and the logout?');
    const model = scriptedModel([{ text: 'The user asked why login fails.' }]);
    await session.compact({ model, keepRecentTurns: 1 });
    // The summarizer was given the first turn only.
    const summarized = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(summarized).toContain('First: why does login fail?');
    expect(summarized).not.toContain('Second: and the logout?');
    const events = await collect(session.events());
    const boundary = events.find((event) => event.type === 'CompactBoundaryRecorded');
    const kept = events.find(
      (event) =>
        event.type === 'UserInputRecorded' &&
        JSON.stringify(event.data).includes('Second: and the logout?'),
    );
    expect(boundary?.data).toMatchObject({
      content: { retainFromMessageId: (kept?.data as { id: string } | undefined)?.id },
    });
    const next = JSON.stringify((await session.prompt({ provider: 'anthropic' })).messages);
    expect(next).toContain('The user asked why login fails.');
    expect(next).toContain('Second: and the logout?');
    expect(next).not.toContain('First: why does login fail?');
  });

  it('hands off with a summary the model writes, and records as the next agent from then on', async () => {
    const session = ledger.session('handed', { agentName: 'build' });
    await session.recordUserInput('Fix it.');
    const handoff = await session.handoff({
      to: 'review',
      model: scriptedModel([{ text: 'Fixed src/auth.ts; review the diff.' }]),
    });
    expect(handoff.summary).toBe('Fixed src/auth.ts; review the diff.');
    expect(session.agentName).toBe('review');
    const entries = await collect(session.transcript());
    expect(
      entries.map(({ kind, content }) => [kind, kind === 'handoff_summary' ? content : '…']),
    ).toEqual([
      ['user_input', '…'],
      ['handoff_summary', 'Fixed src/auth.ts; review the diff.'],
      ['agent_switch_note', '…'],
    ]);
  });
});
