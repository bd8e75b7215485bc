import type { ProviderCompactionFamily } from '@agent-ledger/messages';

/**
 * Where a model call, a pruning mark, a compact boundary or a provider's compaction sits in a
 * session's log: what the analytics of context shrinks order by. A call, a boundary and a
 * provider compaction appear once (the first record of their id); a pruning mark keeps the ids
 * it named.
 */
export type AnalyticsTimelineEntry =
  | { kind: 'call'; revision: number; callId: string }
  | { kind: 'pruning'; revision: number; messageIds: string[] }
  | { kind: 'compaction'; revision: number; boundaryId: string }
  | {
      kind: 'provider-compaction';
      revision: number;
      compactionId: string;
      provider: string;
      family: ProviderCompactionFamily;
    };

/**
 * The price of an input token read from or written to a provider's prompt cache, in percent of a
 * plain input token: Anthropic's published prices (a cache read costs 0.1×, a five-minute cache
 * write 1.25× the base input price). What `netCost` of a context shrink is weighed with.
 */
export const CACHE_PRICE_WEIGHTS = { readPercent: 10, writePercent: 125 } as const;
