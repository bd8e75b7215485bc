import type { SessionLogEvent } from '@agent-ledger/events';
import type { ProviderCompactionFacts } from '@agent-ledger/projections';

/**
 * The latest provider compaction (`ProviderCompactionRecorded`) among a model context's window
 * events up to `revision`: the one whose artifact stands for everything before it.
 */
export function latestProviderCompaction(
  events: readonly SessionLogEvent[],
  revision: number,
): ProviderCompactionFacts | undefined {
  let latest: ProviderCompactionFacts | undefined;
  for (const logged of events) {
    if (logged.revision > revision || logged.event.type !== 'ProviderCompactionRecorded') continue;
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
  return latest;
}
