import type { RuntimeMessageKind, RuntimeMessageRole } from '@agent-ledger/messages';

/**
 * Whether the model sees a message now (in the model view with default options):
 * - `visible`: it is in the model's window as recorded;
 * - `truncated`: a pruned tool result, the model sees the seed's stub instead of its content;
 * - `behind-boundary`: recorded before the latest compact boundary (a summary stands for it);
 * - `hidden`: never sent as it stands (recorded not eligible for the model context, a compact
 *   boundary, an agent switch note without the system-reminder tag).
 */
export type SearchVisibility = 'visible' | 'truncated' | 'behind-boundary' | 'hidden';

/**
 * One recorded message as the search view indexes it: its whole searchable text and the facts
 * its filters and visibility read. Every recorded message has one document (a retried copy is not
 * a message; a message normalization made, such as a repair's copy, is not recorded).
 */
export interface SearchDocument {
  view: 'search';
  messageId: string;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  createdAt: string;
  agentName?: string;
  /** Tool names of its calls, results and approval requests (as recorded). */
  toolNames: string[];
  /** True for assistant reasoning: search finds it, a UI may want to flag it. */
  reasoning: boolean;
  /** Everything searchable, one field per line (text, tool names and inputs, outputs, errors). */
  text: string;
  visibility: SearchVisibility;
}
