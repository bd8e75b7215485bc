import type { SessionLogEvent } from '@agent-ledger/events';
import type { ProviderCompactionFacts } from '@agent-ledger/projections';

/**
 * The latest provider compaction (`ProviderCompactionRecorded`) among a model context's window
 * events up to `revision`: the one whose artifact stands for everything before it; with the copies
 * the earlier ones kept (`earlierRetainedMessageIds`), which no other provider is sent either.
 */
export function latestProviderCompaction(
  events: readonly SessionLogEvent[],
  revision: number,
): ProviderCompactionFacts | undefined {
  let latest: ProviderCompactionFacts | undefined;
  const earlier: string[] = [];
  for (const logged of events) {
    if (logged.revision > revision || logged.event.type !== 'ProviderCompactionRecorded') continue;
    earlier.push(...(latest?.retainedMessageIds ?? []));
    const { compactionId, family, artifactMessageId, summary, retainedMessageIds } =
      logged.event.data;
    latest = {
      compactionId,
      family,
      artifactMessageId,
      ...(summary === undefined ? {} : { summary }),
      ...(retainedMessageIds === undefined ? {} : { retainedMessageIds }),
    };
  }
  return latest === undefined || earlier.length === 0
    ? latest
    : { ...latest, earlierRetainedMessageIds: earlier };
}
