import type { RuntimeMessage } from '@agent-ledger/messages';

/** The agent a message belongs to: `effectiveAgentName`, else `agentName`, else nothing. */
export function agentNameOf(
  message: RuntimeMessage,
): { agentName: string } | Record<string, never> {
  const agentName = message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
  return agentName === undefined ? {} : { agentName };
}
