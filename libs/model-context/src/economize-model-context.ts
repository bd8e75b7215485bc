import { createHash } from 'node:crypto';
import { promptOf, toAiSdkMessagesWithReport } from '@agent-ledger/ai-sdk';
import type { SessionLogEvent } from '@agent-ledger/events';
import { providerCompactionFamilyOf } from '@agent-ledger/messages';
import {
  applyProviderCompaction,
  DEFAULT_RECENT_USER_TURNS,
  fitModelViewToBudget,
  providerCapabilitiesOf,
  type ModelMessage,
} from '@agent-ledger/projections';
import { latestProviderCompaction } from './latest-provider-compaction';
import { placeCacheBreakpoints } from './place-cache-breakpoints';
import type { ModelContext, ModelContextQuery, ModelView } from './model-context';
import { fitTokenCalibration, type CalibrationPoint } from './tokens/fit-token-calibration';
import { recordedCallUsage } from './tokens/recorded-call-usage';
import { estimateTextTokens, type EncodingCount, type TokenCounter } from './tokens/token-counter';
import { UNCALIBRATED, type TokenCalibration, type TokenCountMethod } from './tokens/token-count';

/** How `economizeModelContext` reads the plain view and the session's events. */
export interface ModelViewSource {
  /** The model view for a query (no budget, no token count). */
  view: (query: ModelContextQuery) => Promise<ModelView>;
  /** The session's window events as of a revision (to find the recorded calls). */
  windowEvents: (atRevision: number) => Promise<readonly SessionLogEvent[]>;
}

/**
 * The model context with its economics: the plain view (`source.view`) counted in tokens for the
 * provider asked (OpenAI's `o200k_base` tokenizer, elsewhere an estimate calibrated by the usage the
 * session's first recorded calls of that provider reported), fitted to `maxInputTokens`
 * (`fitModelViewToBudget`), serialized, with Anthropic cache breakpoints and OpenAI's prompt cache
 * key. Reads only the log: the same revision and options give the same answer.
 */
export async function economizeModelContext(
  sessionId: string,
  query: ModelContextQuery,
  source: ModelViewSource,
  counter: TokenCounter,
): Promise<ModelContext> {
  const { maxInputTokens, cacheBreakpoints, format = 'model', ...viewQuery } = query;
  if (format === 'compact' || format === 'compact-prompt') {
    const view = await source.view({ ...viewQuery, format });
    const system = 'system' in view ? (view.system ?? '') : '';
    const text = system + JSON.stringify(view.messages);
    return { ...view, tokens: { input: estimateTextTokens(text), method: 'estimate' } };
  }
  const plain = await source.view({ ...viewQuery, format: 'model' });
  if (plain.format !== 'model') throw new Error(`expected a model view, got ${plain.format}`);
  const provider = viewQuery.provider ?? plain.modelCall?.provider;
  const view = await withProviderCompaction(plain, provider, source);
  const family = providerCapabilitiesOf(provider)?.family;
  const openai = family === 'openai-responses' || family === 'openai-chat';
  const encoding = openai ? await counter.o200kBase() : undefined;
  // No provider asked, no calls to calibrate on: the plain estimate.
  const calibration =
    encoding === undefined && provider !== undefined
      ? await calibrationOf(view.revision, family, viewQuery, maxInputTokens, source, counter)
      : UNCALIBRATED;
  const count = messageCounter(counter, calibration, encoding);
  const recentUserTurns = viewQuery.recentUserTurns ?? DEFAULT_RECENT_USER_TURNS;
  const fitted =
    maxInputTokens === undefined
      ? undefined
      : fitModelViewToBudget(view.messages, {
          maxInputTokens,
          countTokens: count,
          fixedTokens: calibration.overheadTokens,
          recentUserTurns,
        });
  const messages = fitted?.messages ?? view.messages;
  const input = Math.round(
    calibration.overheadTokens + messages.reduce((total, message) => total + count(message), 0),
  );
  const method: TokenCountMethod = openai
    ? 'tokenizer:o200k_base'
    : calibration.calls > 0
      ? 'calibrated'
      : 'estimate';
  const diagnostics = {
    ...view.diagnostics,
    ...(fitted === undefined ? {} : { budget: { ...fitted.budget, tokensAfter: input } }),
  };
  const economics = {
    tokens: { input, method },
    ...(openai
      ? { providerOptions: { openai: { promptCacheKey: promptCacheKey(sessionId) } } }
      : {}),
  };
  const after = {
    ...(view.modelCall === undefined ? {} : { modelCall: view.modelCall }),
    ...economics,
  };
  const { revision } = view;
  if (format === 'model') return { format, revision, messages, diagnostics, ...after };
  const serialized = toAiSdkMessagesWithReport(messages, {
    provider,
    systemMessages: viewQuery.systemMessages,
  });
  const mark = family === 'anthropic' && (cacheBreakpoints ?? maxInputTokens !== undefined);
  const prompt = format === 'ai-sdk' ? undefined : promptOf(serialized.messages);
  const marked = mark
    ? placeCacheBreakpoints(prompt?.messages ?? serialized.messages)
    : { messages: prompt?.messages ?? serialized.messages, breakpoints: undefined };
  const withFallbacks = {
    ...diagnostics,
    fallbacks: serialized.fallbacks,
    ...(marked.breakpoints === undefined ? {} : { cacheBreakpoints: marked.breakpoints }),
  };
  if (prompt === undefined) {
    return {
      format: 'ai-sdk',
      revision,
      messages: marked.messages,
      diagnostics: withFallbacks,
      ...after,
    };
  }
  return {
    format: 'ai-sdk-prompt',
    revision,
    system: prompt.system,
    messages: marked.messages,
    diagnostics: withFallbacks,
    ...after,
  };
}

/**
 * The view with the session's latest provider compaction applied for `provider`
 * (`applyProviderCompaction`): the artifact for its own family, the portable summary for others.
 */
async function withProviderCompaction(
  view: Extract<ModelView, { format: 'model' }>,
  provider: string | undefined,
  source: ModelViewSource,
): Promise<Extract<ModelView, { format: 'model' }>> {
  // A compaction changes the view only through an artifact part in it: without one, the window's
  // events need not be read (most requests).
  if (!view.messages.some(holdsProviderCompaction)) return view;
  const compaction = latestProviderCompaction(
    await source.windowEvents(view.revision),
    view.revision,
  );
  const applied = applyProviderCompaction(view.messages, compaction, provider);
  return {
    ...view,
    messages: applied.messages,
    ...(applied.diagnostics === undefined
      ? {}
      : { diagnostics: { ...view.diagnostics, providerCompaction: applied.diagnostics } }),
  };
}

/** Whether a model-view message holds a provider's compaction artifact (a compaction part). */
function holdsProviderCompaction(message: ModelMessage): boolean {
  return (
    typeof message.content !== 'string' &&
    message.content.some(
      (part) => part.type === 'text' && providerCompactionFamilyOf(part) !== undefined,
    )
  );
}

/** Tokens of one model-view message: OpenAI's tokenizer, else the calibrated estimate. */
function messageCounter(
  counter: TokenCounter,
  calibration: TokenCalibration,
  encoding: EncodingCount | undefined,
): (message: ModelMessage) => number {
  if (encoding !== undefined) return (message) => counter.tokenize(message, encoding);
  return (message) => calibration.ratio * counter.estimate(message);
}

/**
 * The calibration of the estimate by the first two recorded calls of the provider's family in the
 * window (before `revision`): each call's context is recomputed as the ledger answered it then
 * (with the calibration of the calls before it), and its estimate set against the input tokens
 * the call reported. Only the first two, so that the calibration, and with it what the budget
 * stubs, stays put as the session goes on (a moving calibration would move the cached prefix).
 */
async function calibrationOf(
  revision: number,
  family: string | undefined,
  viewQuery: ModelContextQuery,
  maxInputTokens: number | undefined,
  source: ModelViewSource,
  counter: TokenCounter,
): Promise<TokenCalibration> {
  const events = await source.windowEvents(revision);
  const calls = recordedCallUsage(events, revision)
    .filter(
      (call) =>
        call.contextRevision < revision &&
        (call.provider === undefined || providerCapabilitiesOf(call.provider)?.family === family),
    )
    .slice(0, 2);
  const points: CalibrationPoint[] = [];
  let calibration = UNCALIBRATED;
  const { call: _call, atRevision: _atRevision, ...rest } = viewQuery;
  for (const call of calls) {
    const then = await source.view({ ...rest, format: 'model', atRevision: call.contextRevision });
    if (then.format !== 'model') break;
    const count = messageCounter(counter, calibration, undefined);
    const messages =
      maxInputTokens === undefined
        ? then.messages
        : fitModelViewToBudget(then.messages, {
            maxInputTokens,
            countTokens: count,
            fixedTokens: calibration.overheadTokens,
            recentUserTurns: rest.recentUserTurns ?? DEFAULT_RECENT_USER_TURNS,
          }).messages;
    const estimate = messages.reduce((total, message) => total + counter.estimate(message), 0);
    points.push({ estimate, reported: call.inputTokens });
    calibration = fitTokenCalibration(points);
  }
  return calibration;
}

/**
 * OpenAI's `promptCacheKey` for a session: a digest of its key, so that requests of one session
 * land on the same cache without sending the session's id (or its tenant) to the provider.
 */
function promptCacheKey(sessionId: string): string {
  return `ledger-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
}
