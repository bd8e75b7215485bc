import type { AgentSwitchContent } from '@agent-ledger/messages';

/**
 * One line of text for an agent switch: what the model reads when a tagged switch note acts as a
 * system reminder, and what an export shows.
 */
export function renderAgentSwitch(content: AgentSwitchContent): string {
  const reason = content.reason === undefined ? '' : ` Reason: ${content.reason}`;
  return `Active agent changed from "${content.fromAgent}" to "${content.toAgent}".${reason}`;
}
