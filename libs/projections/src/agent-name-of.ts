import type { RuntimeMessage } from '@agent-ledger/messages';

/** The agent a message belongs to: `effectiveAgentName`, else `agentName`, else `undefined`. */
export function agentNameOf(message: RuntimeMessage): string | undefined {
  return message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
}
