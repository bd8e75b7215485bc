import type { CompactBoundaryContent } from '@agent-ledger/messages';

/** The one-line marker an export shows for a compact boundary. */
export function renderCompactMarker(content: CompactBoundaryContent): string {
  const tokens =
    content.tokensBefore === undefined ? '' : `, ${content.tokensBefore} tokens before`;
  const reason = content.reason === undefined ? '' : `: ${content.reason}`;
  return `Context compacted (${content.trigger}${tokens})${reason}`;
}
