/**
 * Tokens billed under a budget (`npm run bench -- token-budget`): a scripted 100-call session
 * (25 user turns of three file reads and an answer, each read about 1 400 characters) sent under
 * a fixed `maxInputTokens`, with Anthropic-like prices: a cache write costs 1.25× an input token,
 * a cache read 0.1×. Two ways to stay under the budget, in the same run:
 *
 * - **batch** (the ledger's `fitModelViewToBudget`): when over the budget, stub the oldest results
 *   down to 75 % of it, so the next calls append to an unchanged prefix;
 * - **one per call** (the floor it is measured against): stub just enough to fit (about one
 *   result per call), which moves the prefix on every call once the budget is reached.
 *
 * Each call reads from the cache the longest prefix it shares with the previous call's request up
 * to one of that call's two breakpoints (its end, and the end of the call before it), and writes
 * the rest. Token counts, not times: the figures are exact and the same on every run.
 */
import {
  fitModelViewToBudget,
  type ModelMessage,
  type ModelViewBudget,
} from '@agent-ledger/projections';
import { TokenCounter } from '@agent-ledger/model-context';
import { writeBenchmarkSection } from './benchmark-report';

const CALLS = 100;
const READS_PER_TURN = 3;
const BUDGET = 12_000;
const CACHE_WRITE = 1.25;
const CACHE_READ = 0.1;

interface Totals {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  billed: number;
  shed: number;
  restubbedCalls: number;
}

function main(): void {
  const calls = scriptedCalls();
  const counter = new TokenCounter();
  const countTokens = (message: ModelMessage) => counter.estimate(message);
  const batch = billed(calls, { maxInputTokens: BUDGET, countTokens, recentUserTurns: 2 });
  const onePerCall = billed(calls, {
    maxInputTokens: BUDGET,
    countTokens,
    recentUserTurns: 2,
    lowWater: 1,
  });
  const ratio = batch.billed / onePerCall.billed;
  const row = (name: string, totals: Totals) =>
    `| ${name} | ${totals.input} | ${totals.cacheRead} | ${totals.cacheWrite} | ${Math.round(totals.billed)} | ${totals.shed} | ${totals.restubbedCalls} |`;
  const markdown = [
    `${CALLS} calls, budget ${BUDGET} tokens (estimate), cache write ${CACHE_WRITE}×, cache read ${CACHE_READ}× an input token.`,
    '',
    '| pruning | input tokens sent | cache read | cache write | billed (input-token equivalents) | tokens shed (sum over calls) | calls whose prefix moved |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('batch down to 75 % (ledger)', batch),
    row('one result per call (floor)', onePerCall),
    '',
    `**Billed, batch ÷ one per call: ${ratio.toFixed(2)}×** (lower is better).`,
  ].join('\n');
  console.log(markdown);
  writeBenchmarkSection(
    'token-budget',
    'Tokens billed under a budget with prompt caching (`bench/token-budget.bench.ts`)',
    markdown,
  );
}

/** The context of each call: the messages before it, as the ledger's model view holds them. */
function scriptedCalls(): ModelMessage[][] {
  const messages: ModelMessage[] = [message('system', 'system_note', 'You are a coding agent.')];
  const calls: ModelMessage[][] = [];
  for (let turn = 0; calls.length < CALLS; turn += 1) {
    messages.push(message('user', 'user_input', `Turn ${turn}: read module ${turn} and sum up.`));
    for (let read = 0; read < READS_PER_TURN && calls.length < CALLS; read += 1) {
      calls.push([...messages]);
      const id = `call_${turn}_${read}`;
      messages.push(
        message('assistant', 'tool_call', [
          {
            type: 'tool-call',
            toolCallId: id,
            toolName: 'Read',
            input: { path: `m${turn}/f${read}.ts` },
          },
        ]),
        message('tool', 'tool_result', [
          {
            type: 'tool-result',
            toolCallId: id,
            toolName: 'Read',
            output: { type: 'text', value: file(turn, read) },
          },
        ]),
      );
    }
    if (calls.length < CALLS) {
      calls.push([...messages]);
      messages.push(message('assistant', 'assistant_text', `Module ${turn} sums three values.`));
    }
  }
  return calls;
}

/** Sends every call fitted to the budget, and bills it against the previous call's cache. */
function billed(calls: readonly ModelMessage[][], budget: ModelViewBudget): Totals {
  const totals: Totals = {
    input: 0,
    cacheRead: 0,
    cacheWrite: 0,
    billed: 0,
    shed: 0,
    restubbedCalls: 0,
  };
  let previous: { keys: string[]; breakpoints: number[] } | undefined;
  for (const context of calls) {
    const fitted = fitModelViewToBudget(context, budget);
    const keys = fitted.messages.map((message) => JSON.stringify(message.content));
    const sizes = fitted.messages.map((message) => budget.countTokens(message));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    let shared = 0;
    while (
      shared < keys.length &&
      previous !== undefined &&
      keys[shared] === previous.keys[shared]
    ) {
      shared += 1;
    }
    const hit = Math.max(0, ...(previous?.breakpoints ?? []).filter((end) => end <= shared));
    if (previous !== undefined && shared < previous.keys.length) totals.restubbedCalls += 1;
    const read = sizes.slice(0, hit).reduce((sum, size) => sum + size, 0);
    totals.input += total;
    totals.cacheRead += read;
    totals.cacheWrite += total - read;
    totals.billed += CACHE_READ * read + CACHE_WRITE * (total - read);
    totals.shed += fitted.budget.tokensBefore - fitted.budget.tokensAfter;
    previous = {
      keys,
      breakpoints: [previous?.keys.length ?? 0, keys.length].filter((end) => end > 0),
    };
  }
  return totals;
}

function file(turn: number, read: number): string {
  return Array.from(
    { length: 36 },
    (_, line) => `export const value${line} = compute('m${turn}/f${read}.ts', ${line * 7});`,
  ).join('\n');
}

function message(
  role: ModelMessage['role'],
  semanticType: ModelMessage['semanticType'],
  content: ModelMessage['content'],
): ModelMessage {
  return {
    view: 'model',
    role,
    semanticType,
    sourceMessageIds: [`${semanticType}-${JSON.stringify(content).length}`],
    content,
  };
}

main();
