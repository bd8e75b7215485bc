import type { RuntimeMessageKind } from '@agent-ledger/messages';
import { SYSTEM_REMINDER_TAG, UNTIL_COMPACTION_TAG } from '../defaults';
import type { SearchVisibility } from './search-document';

/** What a message's visibility depends on, of the message itself (stored beside its index row). */
export interface SearchVisibilityFacts {
  kind: RuntimeMessageKind;
  /** Its place in the session's recorded messages. */
  seq: number;
  /** `metadata.eligibleForModelContext !== false`. */
  eligible: boolean;
  /** A pruned tool result (`metadata.compactedAt`). */
  pruned: boolean;
  tags: readonly string[];
  summaryForBoundaryId?: string;
}

/** The session's latest compact boundary and the summary that stands for it, if any. */
export interface SearchBoundary {
  id: string;
  seq: number;
  /** Seq of the latest eligible summary naming the boundary. */
  summarySeq?: number;
}

/**
 * Whether the model sees a message now, by the model view's rules with default options
 * (`projectToModel`): a boundary and a message recorded not eligible are never sent; an agent
 * switch note is sent only with the system-reminder tag; with a boundary, the latest summary
 * naming it is sent, other summaries naming a boundary are not, system notes before it carry
 * over (unless tagged until-compaction) and everything else before it is behind it; a pruned
 * tool result is truncated (the model sees the stub). What the model view decides per request (which reasoning, pairing of
 * calls and results, truncation of long outputs) is not a property of the message and is left out.
 */
export function searchVisibility(
  message: SearchVisibilityFacts,
  boundary: SearchBoundary | undefined,
): SearchVisibility {
  if (message.kind === 'compact_boundary' || !message.eligible) return 'hidden';
  if (message.kind === 'agent_switch_note' && !message.tags.includes(SYSTEM_REMINDER_TAG)) {
    return 'hidden';
  }
  if (message.kind === 'compact_summary' && message.summaryForBoundaryId !== undefined) {
    if (boundary !== undefined && message.seq === boundary.summarySeq) return 'visible';
    if (boundary !== undefined) return 'behind-boundary';
  }
  if (boundary !== undefined && message.seq < boundary.seq) {
    const carried = message.kind === 'system_note' && !message.tags.includes(UNTIL_COMPACTION_TAG);
    if (!carried) return 'behind-boundary';
  }
  return message.pruned ? 'truncated' : 'visible';
}
