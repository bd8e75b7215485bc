import type { RuntimeMessage } from '@agent-ledger/messages';
import type { SearchVisibilityFacts } from './search-visibility';

/** The facts of a recorded message that its search visibility reads, at place `seq`. */
export function searchFactsOf(message: RuntimeMessage, seq: number): SearchVisibilityFacts {
  const metadata = message.metadata;
  return {
    kind: message.kind,
    seq,
    eligible: metadata?.eligibleForModelContext !== false,
    pruned: metadata?.compactedAt !== undefined,
    tags: metadata?.tags ?? [],
    ...(metadata?.summaryForBoundaryId === undefined
      ? {}
      : { summaryForBoundaryId: metadata.summaryForBoundaryId }),
  };
}
