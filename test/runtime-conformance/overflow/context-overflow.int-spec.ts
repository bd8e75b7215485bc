import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import {
  ContextOverflowUnrecovered,
  type LedgerClient,
  type LedgerSession,
  type StoredEvent,
} from '@agent-ledger/client';
import { providerClients } from '../scenario/provider-clients';
import { withLedgerServer } from '../with-ledger-server';
import { createScriptedFetch } from '../wire/wire-fetch';
import type { WireProvider } from '../wire/wire-format';
import { contextWindowStandIn, requestTokens } from './context-window-stand-in';
import { OVERFLOW_ERRORS, overflowingFetch } from './overflow-errors';

const OLD_RESULT = `OLD-RESULT ${'export const first = 1;\n'.repeat(80)}`;
const RECENT_RESULT = `RECENT-RESULT ${'export const second = 2;\n'.repeat(20)}`;

/** The real adapter of each API, sending to `fetch` (vLLM through the OpenAI Chat adapter). */
function modelOf(
  provider: WireProvider,
  fetch: typeof globalThis.fetch,
): Exclude<LanguageModel, string> {
  switch (provider) {
    case 'anthropic':
      return providerClients(fetch).anthropic('claude-sonnet-4-5');
    case 'openai':
      return providerClients(fetch).openai.responses('gpt-4.1');
    case 'openai.chat':
      return createOpenAI({ apiKey: 'test-key', baseURL: 'http://vllm.test/v1', fetch }).chat(
        'Qwen/Qwen3-8B',
      );
    case 'google':
      return providerClients(fetch).google('gemini-2.5-flash');
  }
}

/** Three user turns; the first two read a file each. */
async function recordHistory(session: LedgerSession): Promise<void> {
  const read = (callId: string, path: string, output: string) => [
    {
      role: 'assistant' as const,
      kind: 'tool_call' as const,
      content: [{ type: 'tool-call', toolCallId: callId, toolName: 'Read', input: { path } }],
    },
    {
      role: 'tool' as const,
      kind: 'tool_result' as const,
      content: [
        {
          type: 'tool-result',
          toolCallId: callId,
          toolName: 'Read',
          output: { type: 'text', value: output },
        },
      ],
    },
  ];
  await session.append([
    { role: 'system', kind: 'system_note', content: 'You are a coding agent.' },
    { role: 'user', kind: 'user_input', content: 'Read src/first.ts' },
    ...read('call-1', 'src/first.ts', OLD_RESULT),
    { role: 'assistant', kind: 'assistant_text', content: 'Read it.' },
    { role: 'user', kind: 'user_input', content: 'Read src/second.ts' },
    ...read('call-2', 'src/second.ts', RECENT_RESULT),
    { role: 'assistant', kind: 'assistant_text', content: 'Read it too.' },
    { role: 'user', kind: 'user_input', content: 'What do both export?' },
  ]);
}

async function eventsOf(ledger: LedgerClient, sessionId: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const event of ledger.events(sessionId)) events.push(event);
  return events;
}

/**
 * Overflow recovery end to end: each provider's real adapter gets its API's context-length
 * error, the client recognizes it, prunes the session, asks the ledger again, retries and
 * records `ContextOverflowRecovered`; what it sends the second time is checked on the body.
 */
describe('overflow recovery through the real adapters', () => {
  const ledgerServer = withLedgerServer();

  it.each(['anthropic', 'openai', 'openai.chat', 'google'] as const)(
    '%s: the overflow is recognized, the context shrunk, the call retried and the recovery recorded',
    async (provider) => {
      const sessionId = `overflow-${provider}`;
      const session = ledgerServer.client.session(sessionId);
      await recordHistory(session);
      const scripted = createScriptedFetch();
      scripted.expect(provider, [{ text: 'Both export one constant.' }]);
      const sent: string[] = [];
      const overflow = OVERFLOW_ERRORS[provider];
      const model = modelOf(provider, overflowingFetch(overflow, 1, scripted.fetch, sent));

      const result = await session.generateWithRecovery(
        { provider, shrink: 'prune', modelProvider: model.provider },
        async (prompt) => {
          const generation = await generateText({
            model,
            ...prompt,
            maxRetries: 0,
            onStepFinish: session.recordStep,
          });
          await session.recordResult(generation);
          return generation;
        },
      );

      expect(result.text).toBe('Both export one constant.');
      expect(sent).toHaveLength(2);
      expect(sent[0]).toContain('OLD-RESULT');
      expect(sent[1]).not.toContain('OLD-RESULT');
      expect(sent.map((body) => body.includes('RECENT-RESULT'))).toEqual([true, true]);
      const events = await eventsOf(ledgerServer.client, sessionId);
      const recovered = events.filter((event) => event.type === 'ContextOverflowRecovered');
      const [only, ...others] = recovered.map((event) => event.data as Record<string, unknown>);
      expect(others).toEqual([]);
      const { recoveryId, recordedAt, ...data } = only ?? {};
      expect([typeof recoveryId, typeof recordedAt]).toEqual(['string', 'string']);
      expect(data).toEqual({
        sessionId,
        provider: model.provider,
        call: 'model',
        attempts: [
          {
            errorCode: overflow.errorCode,
            ...(overflow.limitTokens === undefined ? {} : { limitTokens: overflow.limitTokens }),
            ...(overflow.requestedTokens === undefined
              ? {}
              : { requestedTokens: overflow.requestedTokens }),
            shrink: 'prune',
          },
        ],
      });
      expect(JSON.stringify(recovered)).not.toMatch(/RESULT|export const/);
      expect(events.map((event) => event.type)).toContain('ToolResultsPruned');
    },
    30_000,
  );

  it('gives up with ContextOverflowUnrecovered after its shrinks, recording no recovery', async () => {
    const sessionId = 'overflow-stuck';
    const session = ledgerServer.client.session(sessionId);
    await recordHistory(session);
    const sent: string[] = [];
    const model = modelOf(
      'anthropic',
      overflowingFetch(OVERFLOW_ERRORS.anthropic, 100, createScriptedFetch().fetch, sent),
    );
    const stuck = session.generateWithRecovery(
      { provider: 'anthropic', shrink: 'prune' },
      (prompt) => generateText({ model, ...prompt, maxRetries: 0 }),
    );
    await expect(stuck).rejects.toBeInstanceOf(ContextOverflowUnrecovered);
    await expect(stuck).rejects.toMatchObject({
      code: 'ContextOverflowUnrecovered',
      lastErrorCode: 'prompt_too_long',
      attempts: [{ shrink: 'prune' }, { shrink: 'prune' }],
    });
    expect(sent).toHaveLength(3);
    const types = (await eventsOf(ledgerServer.client, sessionId)).map((event) => event.type);
    expect(types).not.toContain('ContextOverflowRecovered');
  }, 30_000);

  it('rethrows an error that is not an overflow as it is, after one call', async () => {
    const session = ledgerServer.client.session('overflow-other-error');
    await recordHistory(session);
    const sent: string[] = [];
    const unauthorized = {
      status: 401,
      body: {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      },
      errorCode: 'none',
    };
    const model = modelOf('anthropic', overflowingFetch(unauthorized, 1, fetch, sent));
    const failed = session.generateWithRecovery(
      { provider: 'anthropic', shrink: 'prune' },
      (prompt) => generateText({ model, ...prompt, maxRetries: 0 }),
    );
    await expect(failed).rejects.toMatchObject({ statusCode: 401 });
    expect(sent).toHaveLength(1);
  }, 30_000);

  it('a summarization that overflows is shrunk first, then the compaction is recorded', async () => {
    const sessionId = 'overflow-summarization';
    const session = ledgerServer.client.session(sessionId);
    await recordHistory(session);
    const scripted = createScriptedFetch();
    scripted.expect('anthropic', [{ text: 'The agent read two files.' }]);
    const sent: string[] = [];
    const model = modelOf(
      'anthropic',
      overflowingFetch(OVERFLOW_ERRORS.anthropic, 1, scripted.fetch, sent),
    );

    const compaction = await session.compact({ model, provider: 'anthropic', overflow: 'prune' });

    expect(compaction.summary).toBe('The agent read two files.');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('OLD-RESULT');
    expect(sent[1]).not.toContain('OLD-RESULT');
    const events = await eventsOf(ledgerServer.client, sessionId);
    const types = events.map((event) => event.type);
    expect(types.slice(-2)).toEqual(['CompactBoundaryRecorded', 'CompactSummaryRecorded']);
    expect(
      events
        .filter((event) => event.type === 'ContextOverflowRecovered')
        .map((event) => event.data),
    ).toMatchObject([
      {
        provider: 'anthropic.messages',
        call: 'summarization',
        attempts: [{ errorCode: 'prompt_too_long', shrink: 'prune' }],
      },
    ]);
  }, 30_000);
  it.each(['anthropic', 'openai', 'openai.chat', 'google'] as const)(
    '%s, budget shrink: a window the first request overflows; the client fits the context to a budget until a request is below it, and records the recovery',
    async (provider) => {
      const sessionId = `overflow-budget-${provider}`;
      const session = ledgerServer.client.session(sessionId);
      await recordHistory(session);
      const scripted = createScriptedFetch();
      scripted.expect(provider, [{ text: 'Both export one constant.' }]);
      const sent: string[] = [];
      // A window the whole history overflows and the history with the old result stubbed fits.
      const limitTokens = 700;
      const model = modelOf(
        provider,
        contextWindowStandIn(provider, limitTokens, scripted.fetch, sent),
      );

      const result = await session.generateWithRecovery(
        { provider, modelProvider: model.provider },
        async (prompt) => {
          const generation = await generateText({
            model,
            ...prompt,
            maxRetries: 0,
            onStepFinish: session.recordStep,
          });
          await session.recordResult(generation);
          return generation;
        },
      );

      expect(result.text).toBe('Both export one constant.');
      const sizes = sent.map(requestTokens);
      // Refused while at or over the window, accepted once below it; never more than 3 shrinks.
      expect(sizes.slice(0, -1).every((size) => size >= limitTokens)).toBe(true);
      expect(sizes.at(-1)).toBeLessThan(limitTokens);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expect(sent.length).toBeLessThanOrEqual(4);
      expect(sent[0]).toContain('OLD-RESULT');
      expect(sent.at(-1)).not.toContain('OLD-RESULT');
      // The latest turn and the recent result are still there.
      expect(sent.at(-1)).toContain('What do both export?');
      expect(sent.at(-1)).toContain('RECENT-RESULT');
      const events = await eventsOf(ledgerServer.client, sessionId);
      const recovered = events
        .filter((event) => event.type === 'ContextOverflowRecovered')
        .map((event) => event.data as { call: string; attempts: Array<Record<string, unknown>> });
      expect(recovered).toHaveLength(1);
      expect(recovered[0]?.call).toBe('model');
      expect(recovered[0]?.attempts).toHaveLength(sent.length - 1);
      const budgets = (recovered[0]?.attempts ?? []).map((attempt) => attempt['maxInputTokens']);
      for (const attempt of recovered[0]?.attempts ?? []) {
        expect(attempt).toMatchObject({
          shrink: 'budget',
          errorCode: expect.any(String) as unknown,
        });
      }
      // Each budget is smaller than the last.
      expect([...budgets].sort((a, b) => Number(b) - Number(a))).toEqual(budgets);
      // Fitting to a budget stubs in the answer only: nothing is pruned in the log.
      expect(events.map((event) => event.type)).not.toContain('ToolResultsPruned');
      // The call the recovery made is recorded, with the ledger's count of what it sent.
      const calls = events.filter((event) => event.type === 'ModelCallRecorded');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.data).toMatchObject({
        contextTokens: { input: expect.any(Number) as unknown },
      });

      // Not stuck: the next call of the session goes through under the last budget.
      scripted.expect(provider, [{ text: 'Still here.' }]);
      await session.append([{ role: 'user', kind: 'user_input', content: 'And now?' }]);
      const next = await session.generateWithRecovery(
        { provider, modelProvider: model.provider, maxInputTokens: Number(budgets.at(-1)) },
        async (prompt) => generateText({ model, ...prompt, maxRetries: 0 }),
      );
      expect(next.text).toBe('Still here.');
    },
    30_000,
  );

  it('budget shrink against a window nothing fits: gives up after at most three calls, records no recovery, and the session goes on', async () => {
    const sessionId = 'overflow-budget-impossible';
    const session = ledgerServer.client.session(sessionId);
    await recordHistory(session);
    const sent: string[] = [];
    const model = modelOf(
      'anthropic',
      contextWindowStandIn('anthropic', 20, createScriptedFetch().fetch, sent),
    );
    const stuck = session.generateWithRecovery({ provider: 'anthropic' }, (prompt) =>
      generateText({ model, ...prompt, maxRetries: 0 }),
    );
    await expect(stuck).rejects.toBeInstanceOf(ContextOverflowUnrecovered);
    await expect(stuck).rejects.toMatchObject({
      code: 'ContextOverflowUnrecovered',
      attempts: [{ shrink: 'budget' }, { shrink: 'budget' }],
    });
    expect(sent).toHaveLength(3);
    const types = (await eventsOf(ledgerServer.client, sessionId)).map((event) => event.type);
    expect(types).not.toContain('ContextOverflowRecovered');
    // The session still takes appends and answers its context.
    await session.append([{ role: 'user', kind: 'user_input', content: 'Shorter, then.' }]);
    const prompt = await session.prompt({ provider: 'anthropic' });
    expect(prompt.messages.length).toBeGreaterThan(0);
  }, 30_000);
});
