import type { ModelCallFacts } from './analytics-facts';
import type { AnalyticsTimelineEntry } from './analytics-timeline';
import type { ProviderCompactionFigures } from './session-analytics';

/**
 * Each provider compaction of a session (`ProviderCompactionRecorded`: Anthropic's compaction
 * block, OpenAI's compaction item, from a model call, an OpenAI Agents session or an import), in
 * log order: who made it, the input of the last model call before it and of the first after it
 * (the ledger's count of the context the call was sent, else the reported input), and the calls
 * after it up to the next one. Pure.
 */
export function providerCompactionFigures(
  timeline: readonly AnalyticsTimelineEntry[],
  calls: readonly ModelCallFacts[],
): ProviderCompactionFigures[] {
  const callsById = new Map(calls.map((call) => [call.callId, call]));
  const callAt = (index: number) => {
    const entry = timeline[index];
    return entry?.kind === 'call' ? callsById.get(entry.callId) : undefined;
  };
  const figures: ProviderCompactionFigures[] = [];
  timeline.forEach((entry, index) => {
    if (entry.kind !== 'provider-compaction') return;
    let before: ModelCallFacts | undefined;
    for (let at = index - 1; at >= 0 && before === undefined; at -= 1) before = callAt(at);
    const after: ModelCallFacts[] = [];
    for (let at = index + 1; at < timeline.length; at += 1) {
      if (timeline[at]?.kind === 'provider-compaction') break;
      const call = callAt(at);
      if (call !== undefined) after.push(call);
    }
    const first = after[0];
    figures.push({
      compactionId: entry.compactionId,
      revision: entry.revision,
      provider: entry.provider,
      family: entry.family,
      ...(before === undefined ? {} : { tokensBefore: contextCount(before) }),
      ...(first === undefined ? {} : { tokensAfter: contextCount(first) }),
      callsAfter: after.length,
    });
  });
  return figures;
}

function contextCount(call: ModelCallFacts): number {
  return call.contextTokens?.input ?? call.inputTokens;
}
