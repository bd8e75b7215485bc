import { CLEARED_TOOL_RESULT_TEXT } from '../defaults';
import type { MessageAnalyticsFacts, ModelCallFacts } from './analytics-facts';
import { CACHE_PRICE_WEIGHTS, type AnalyticsTimelineEntry } from './analytics-timeline';
import type { ContextShrinkFigures } from './session-analytics';

/** The plain token estimate of a text of `chars` characters (the model context's: four a token). */
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/**
 * Each pruning mark and compaction of a session against its cost after cache effects, from the
 * session's timeline (log order), its recorded messages' facts and its calls' facts:
 * - a pruning's `tokensShed` is, for each tool result it pruned (first mark naming it wins),
 *   the estimate of its output less the estimate of the stub the model sees instead; its
 *   `tokensBefore` is the count of the last call before it (`contextTokens`, else the reported
 *   input) and `tokensAfter` that less the shed;
 * - a compaction's `tokensBefore` is its boundary's, else the last call before it's count, and
 *   its `tokensAfter` the first call after it's count (which holds what came after too);
 * - `callsAfter` are the calls up to the next shrink; `tokensSaved = tokensShed × callsAfter`;
 * - `cache`, when the calls on both sides reported cache reads or writes: the held prefix written
 *   again, and `netCost = rebilled × (write − read) − tokensSaved × read` (`CACHE_PRICE_WEIGHTS`).
 */
export function contextShrinkFigures(
  timeline: readonly AnalyticsTimelineEntry[],
  messages: readonly MessageAnalyticsFacts[],
  calls: readonly ModelCallFacts[],
): ContextShrinkFigures[] {
  const messagesById = new Map(messages.map((message) => [message.messageId, message]));
  const callsById = new Map(calls.map((call) => [call.callId, call]));
  const claimed = new Set<string>();
  const stubTokens = estimateTokens(CLEARED_TOOL_RESULT_TEXT.length);
  const figures: ContextShrinkFigures[] = [];
  timeline.forEach((entry, index) => {
    // A provider's compaction is counted on its own (`providerCompactionFigures`).
    if (entry.kind === 'call' || entry.kind === 'provider-compaction') return;
    const before = lastCallBefore(timeline, index, callsById);
    const after = callsFrom(timeline, index + 1, callsById);
    const first = after[0];
    let shrink: ContextShrinkFigures;
    if (entry.kind === 'pruning') {
      let results = 0;
      let shed = 0;
      for (const id of new Set(entry.messageIds)) {
        const message = messagesById.get(id);
        if (message?.kind !== 'tool_result' || message.pruned !== true || claimed.has(id)) continue;
        claimed.add(id);
        results += 1;
        for (const result of message.toolResults ?? []) {
          shed += Math.max(0, estimateTokens(result.chars) - stubTokens);
        }
      }
      const tokensBefore = before === undefined ? undefined : contextCount(before);
      shrink = {
        kind: 'pruning',
        revision: entry.revision,
        results,
        ...(tokensBefore === undefined
          ? {}
          : { tokensBefore, tokensAfter: Math.max(0, tokensBefore - shed) }),
        tokensShed: shed,
        callsAfter: after.length,
      };
    } else {
      const tokensBefore =
        messagesById.get(entry.boundaryId)?.tokensBefore ??
        (before === undefined ? undefined : contextCount(before));
      const tokensAfter = first === undefined ? undefined : contextCount(first);
      shrink = {
        kind: 'compaction',
        revision: entry.revision,
        boundaryId: entry.boundaryId,
        ...(tokensBefore === undefined ? {} : { tokensBefore }),
        ...(tokensAfter === undefined ? {} : { tokensAfter }),
        ...(tokensBefore === undefined || tokensAfter === undefined
          ? {}
          : { tokensShed: Math.max(0, tokensBefore - tokensAfter) }),
        callsAfter: after.length,
      };
    }
    figures.push(withCacheEffects(shrink, before, first));
  });
  return figures;
}

/** The shrink with `tokensSaved` and, where both sides reported the cache, its effects. */
function withCacheEffects(
  shrink: ContextShrinkFigures,
  before: ModelCallFacts | undefined,
  after: ModelCallFacts | undefined,
): ContextShrinkFigures {
  const shed = shrink.tokensShed;
  if (shed === undefined) return shrink;
  const tokensSaved = shed * shrink.callsAfter;
  if (before === undefined || after === undefined) return { ...shrink, tokensSaved };
  const cachedBefore = before.cachedInputTokens + before.cacheWriteTokens;
  if (cachedBefore + after.cachedInputTokens + after.cacheWriteTokens === 0) {
    return { ...shrink, tokensSaved };
  }
  const { readPercent, writePercent } = CACHE_PRICE_WEIGHTS;
  const rebilledTokens = Math.max(0, cachedBefore - after.cachedInputTokens - shed);
  const extraPercent = writePercent - readPercent;
  return {
    ...shrink,
    tokensSaved,
    cache: {
      cachedBefore,
      readAfter: after.cachedInputTokens,
      writtenAfter: after.cacheWriteTokens,
      rebilledTokens,
      netCost: (rebilledTokens * extraPercent - tokensSaved * readPercent) / 100,
      ...(shed === 0
        ? {}
        : { breakEvenCalls: Math.ceil((rebilledTokens * extraPercent) / (shed * readPercent)) }),
    },
  };
}

/** The ledger's count of the context a call was sent, else the input the provider reported. */
function contextCount(call: ModelCallFacts): number {
  return call.contextTokens?.input ?? call.inputTokens;
}

function lastCallBefore(
  timeline: readonly AnalyticsTimelineEntry[],
  index: number,
  calls: ReadonlyMap<string, ModelCallFacts>,
): ModelCallFacts | undefined {
  for (let at = index - 1; at >= 0; at -= 1) {
    const entry = timeline[at];
    if (entry?.kind === 'call') return calls.get(entry.callId);
  }
  return undefined;
}

/** The calls from `index` up to the next shrink. */
function callsFrom(
  timeline: readonly AnalyticsTimelineEntry[],
  index: number,
  calls: ReadonlyMap<string, ModelCallFacts>,
): ModelCallFacts[] {
  const found: ModelCallFacts[] = [];
  for (let at = index; at < timeline.length; at += 1) {
    const entry = timeline[at];
    // A provider's compaction is not the ledger's shrink: the calls go on across it.
    if (entry?.kind === 'provider-compaction') continue;
    if (entry === undefined || entry.kind !== 'call') break;
    const call = calls.get(entry.callId);
    if (call !== undefined) found.push(call);
  }
  return found;
}
