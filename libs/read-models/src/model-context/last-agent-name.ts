import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * The agent of the latest message that names one (`effectiveAgentName`, else `agentName`): the
 * default `activeAgentName` of a projection over these messages.
 */
export function lastAgentName(messages: readonly RuntimeMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const metadata = messages[index]?.metadata;
    const name = metadata?.effectiveAgentName ?? metadata?.agentName;
    if (name !== undefined) return name;
  }
  return undefined;
}
