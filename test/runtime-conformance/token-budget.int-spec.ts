import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { jsonSchema, tool, type ToolSet } from 'ai';
import type { LedgerSession } from '@agent-ledger/client';
import { withLedgerServer } from './with-ledger-server';
import { generateWithin } from './agent-loop.example';
import { providerClients } from './scenario/provider-clients';
import { anthropicWire } from './wire/anthropic-wire';
import { googleWire } from './wire/google-wire';
import { openaiResponsesWire } from './wire/openai-responses-wire';
import { arrayOf, recordOf } from './wire/wire-format';
import type { ScriptedReply } from './wire/scripted-reply';

/**
 * The model context under a token budget, in a real `generateText` loop with the real provider
 * adapters: 40 Anthropic calls under a fixed `maxInputTokens` keep the previous call's request as
 * a cached prefix (up to its last breakpoint) on at least 90 % of calls, and the ledger's token
 * count stays within 10 % of what the provider reports (Anthropic, Google: the usage recorded by
 * the calls; OpenAI: the o200k_base tokenizer). The stand-in providers count the bodies the
 * adapters sent with o200k_base (Anthropic and Google publish no tokenizer), tool definitions
 * included, and report Anthropic's cache reads and writes from the prefix the body shares with
 * the one before.
 */
const BUDGET = 10_000;
const SYSTEM_PROMPT = 'You are a coding agent. Read files before you change them; be brief.';
const CALLS_PER_TURN = 4;

describe('runtime conformance: the model context under a token budget', () => {
  const ledgerServer = withLedgerServer();

  it('40 Anthropic calls under a fixed budget: 90 % keep the previous prefix, counts within 10 %', async () => {
    const provider = createStandInProvider();
    const session = ledgerServer.client.session('budget-anthropic');
    await runLoop(session, provider, 'anthropic', 10);
    const bodies = provider.requests.filter((request) => request.provider === 'anthropic');
    expect(bodies).toHaveLength(40);

    const kept = bodies
      .slice(1)
      .filter((body, index) => keepsPrefix(bodies[index]!.json, body.json));
    expect(kept.length / (bodies.length - 1)).toBeGreaterThanOrEqual(0.9);
    // The budget was at work: results were stubbed, and no request went far past it.
    expect(bodies.at(-1)!.text).toContain('[Old tool result content cleared]');
    const unbudgeted = bodies.at(-1)!.inputTokens;
    expect(Math.max(...bodies.map((body) => body.inputTokens))).toBeLessThanOrEqual(BUDGET * 1.1);
    expect(unbudgeted).toBeGreaterThan(0);
    // Caches: after the first call, most of each request was read from the cache.
    expect(bodies.slice(1).filter((body) => body.cacheRead > 0).length).toBeGreaterThanOrEqual(35);

    const counts = await ledgerCounts(
      ledgerServer.url,
      'budget-anthropic',
      'anthropic',
      bodies.length,
    );
    expect(counts.slice(2).every((count) => count.method === 'calibrated')).toBe(true);
    expect(offBy(counts.slice(2), bodies.slice(2), 3)).toEqual([]);

    // Analytics keep, per call, the count the client was given with its context beside the
    // provider's report, and the cache reads and writes the provider reported.
    const analytics = recordOf(
      await (await fetch(`${ledgerServer.url}/v1/sessions/budget-anthropic/analytics`)).json(),
    );
    const rows = arrayOf(analytics?.['calls']).map((row) => recordOf(row) ?? {});
    expect(rows.map((row) => row['estimatedInputTokens'])).toEqual(
      counts.map((count) => count.input),
    );
    expect(rows.map((row) => [row['cacheReadTokens'], row['cacheWriteTokens']])).toEqual(
      bodies.map((body) => [body.cacheRead, body.inputTokens - body.cacheRead]),
    );
    expect(recordOf(analytics?.['tokenEstimates'])?.['calls']).toBe(40);
  }, 180_000);

  it('Google: the calibrated count within 10 % of the usage the calls reported', async () => {
    const provider = createStandInProvider();
    const session = ledgerServer.client.session('budget-google');
    await runLoop(session, provider, 'google', 3);
    const bodies = provider.requests.filter((request) => request.provider === 'google');
    const counts = await ledgerCounts(ledgerServer.url, 'budget-google', 'google', bodies.length);
    expect(counts.slice(2).every((count) => count.method === 'calibrated')).toBe(true);
    expect(offBy(counts.slice(2), bodies.slice(2), 3)).toEqual([]);
  }, 120_000);

  it('OpenAI: the count is the o200k_base tokenizer’s, within 10 % of the request body’s', async () => {
    const provider = createStandInProvider();
    const session = ledgerServer.client.session('budget-openai');
    await runLoop(session, provider, 'openai', 3);
    const bodies = provider.requests.filter((request) => request.provider === 'openai');
    const counts = await ledgerCounts(ledgerServer.url, 'budget-openai', 'openai', bodies.length);
    expect(counts.every((count) => count.method === 'tokenizer:o200k_base')).toBe(true);
    // The body's own input messages, without the tool definitions the ledger does not see.
    const messageTokens = bodies.map((body) => ({
      inputTokens: arrayOf(body.json['input']).reduce<number>(
        (total, item) => total + countTokens(textsOf(item).join('\n')) + 4,
        0,
      ),
    }));
    expect(offBy(counts, messageTokens)).toEqual([]);
  }, 120_000);
});

type Family = 'anthropic' | 'google' | 'openai';

/** `turns` user turns of `CALLS_PER_TURN` calls each: three reads, then an answer. */
async function runLoop(
  session: LedgerSession,
  provider: StandInProvider,
  family: Family,
  turns: number,
): Promise<void> {
  const model = providerClients(provider.fetch);
  const languageModel =
    family === 'anthropic'
      ? model.anthropic('claude-sonnet-4-5')
      : family === 'google'
        ? model.google('gemini-2.5-flash')
        : model.openai('gpt-5');
  await session.recordSystemPrompt(SYSTEM_PROMPT);
  for (let turn = 0; turn < turns; turn += 1) {
    await session.recordUserInput(
      `Turn ${turn}: read the three files of module ${turn} and sum up.`,
    );
    for (let call = 0; call < CALLS_PER_TURN - 1; call += 1) {
      provider.script.push({
        toolCalls: [
          { id: `call_${turn}_${call}`, name: 'Read', input: { path: `m${turn}/f${call}.ts` } },
        ],
      });
    }
    provider.script.push({ text: `Module ${turn} reads three values and sums them.` });
    await generateWithin(
      session,
      { provider: family, model: languageModel, tools: readTool },
      BUDGET,
      CALLS_PER_TURN,
    );
  }
}

/** A file of about 1 400 characters, different for every path. */
const readTool: ToolSet = {
  Read: tool({
    description: 'Reads a file of the repository.',
    inputSchema: jsonSchema<{ path: string }>({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    }),
    execute: ({ path }) =>
      Array.from(
        { length: 36 },
        (_, line) => `export const value${line} = compute('${path}', ${line * 7});`,
      ).join('\n'),
  }),
};

interface StandInRequest {
  provider: Family;
  json: Record<string, unknown>;
  text: string;
  /** What the stand-in reported: every input token, cache reads and writes included. */
  inputTokens: number;
  cacheRead: number;
}

interface StandInProvider {
  fetch: typeof fetch;
  requests: StandInRequest[];
  script: ScriptedReply[];
}

/**
 * A provider that answers the scripted replies in the wire format of whichever adapter called,
 * with usage counted on the body it was sent (o200k_base over its texts and tool definitions).
 */
function createStandInProvider(): StandInProvider {
  const requests: StandInRequest[] = [];
  const script: ScriptedReply[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const body = typeof init?.body === 'string' ? init.body : '';
    const json = recordOf(JSON.parse(body)) ?? {};
    const reply = script.shift() ?? { text: 'Done.' };
    const sequence = requests.length + 1;
    const inputTokens = countTokens(textsOf(json).join('\n'));
    let response: Record<string, unknown>;
    let provider: Family;
    let cacheRead = 0;
    if (anthropicWire.handles(url)) {
      provider = 'anthropic';
      const previous = requests.filter((request) => request.provider === 'anthropic').at(-1);
      cacheRead = previous === undefined ? 0 : cachedPrefixTokens(previous.json, json);
      response = recordOf(anthropicWire.respond(reply, sequence)) ?? {};
      response['usage'] = {
        input_tokens: 0,
        output_tokens: 20,
        cache_read_input_tokens: cacheRead,
        cache_creation_input_tokens: inputTokens - cacheRead,
      };
    } else if (googleWire.handles(url)) {
      provider = 'google';
      response = recordOf(googleWire.respond(reply, sequence)) ?? {};
      response['usageMetadata'] = {
        promptTokenCount: inputTokens,
        candidatesTokenCount: 20,
        totalTokenCount: inputTokens + 20,
      };
    } else if (openaiResponsesWire.handles(url)) {
      provider = 'openai';
      response = recordOf(openaiResponsesWire.respond(reply, sequence)) ?? {};
      response['usage'] = {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 20,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: inputTokens + 20,
      };
    } else {
      return Promise.reject(new Error(`No stand-in answers ${url}`));
    }
    requests.push({ provider, json, text: body, inputTokens, cacheRead });
    return Promise.resolve(
      new Response(JSON.stringify(response), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch, requests, script };
}

/** Every string of a JSON body except its keys' names and the few framing fields. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  const record = recordOf(value);
  if (record === undefined) return [];
  return Object.entries(record).flatMap(([key, item]) =>
    ['type', 'role', 'model', 'id', 'call_id', 'tool_use_id', 'signature'].includes(key)
      ? []
      : textsOf(item),
  );
}

/** Anthropic's messages without their cache markers, which do not change what is cached. */
function unmarked(body: Record<string, unknown>): unknown[] {
  return arrayOf(body['messages']).map((message): unknown =>
    JSON.parse(
      JSON.stringify(message, (key, item: unknown) => (key === 'cache_control' ? undefined : item)),
    ),
  );
}

/** Index of the last message of `body` that carries a cache breakpoint (-1: none). */
function lastBreakpoint(body: Record<string, unknown>): number {
  return arrayOf(body['messages']).findLastIndex((message) =>
    JSON.stringify(message).includes('"cache_control"'),
  );
}

/** Whether `next` starts with `previous` up to its last breakpoint (system and tools the same). */
function keepsPrefix(previous: Record<string, unknown>, next: Record<string, unknown>): boolean {
  const end = lastBreakpoint(previous);
  if (end < 0) return false;
  if (JSON.stringify(previous['system']) !== JSON.stringify(next['system'])) return false;
  const before = unmarked(previous).slice(0, end + 1);
  const after = unmarked(next).slice(0, end + 1);
  return JSON.stringify(before) === JSON.stringify(after);
}

/** Tokens of `next`'s system and tools and the messages it shares with `previous`'s cached prefix. */
function cachedPrefixTokens(
  previous: Record<string, unknown>,
  next: Record<string, unknown>,
): number {
  if (!keepsPrefix(previous, next)) return 0;
  const shared = unmarked(next).slice(0, lastBreakpoint(previous) + 1);
  return countTokens(textsOf({ system: next['system'], tools: next['tools'], shared }).join('\n'));
}

/** The ledger's count of each call's context, as the call was made (`call=N`). */
async function ledgerCounts(
  baseUrl: string,
  sessionId: string,
  provider: Family,
  calls: number,
): Promise<Array<{ input: number; method: string }>> {
  const counts: Array<{ input: number; method: string }> = [];
  for (let call = 1; call <= calls; call += 1) {
    const url = `${baseUrl}/v1/sessions/${sessionId}/model-context?format=ai-sdk-prompt&provider=${provider}&maxInputTokens=${BUDGET}&call=${call}`;
    const answer = recordOf(await (await fetch(url)).json());
    const tokens = recordOf(answer?.['tokens']);
    counts.push({ input: Number(tokens?.['input']), method: String(tokens?.['method']) });
  }
  return counts;
}

/** The calls whose ledger count is more than 10 % off the provider's. */
function offBy(
  counts: ReadonlyArray<{ input: number }>,
  reported: ReadonlyArray<{ inputTokens: number }>,
  from = 1,
): string[] {
  return counts.flatMap((count, index) => {
    const expected = reported[index]?.inputTokens ?? 0;
    return Math.abs(count.input - expected) <= 0.1 * expected
      ? []
      : [`call ${index + from}: ledger ${count.input}, provider ${expected}`];
  });
}
