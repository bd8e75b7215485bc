import type { RuntimeMessage } from '@agent-ledger/messages';
import { agentNameOf } from './agent-name-of';

/**
 * The agent of the latest message that names one (`effectiveAgentName`, else `agentName`): the
 * default `activeAgentName` of a projection over these messages.
 */
export function lastAgentName(messages: readonly RuntimeMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    const name = message === undefined ? undefined : agentNameOf(message);
    if (name !== undefined) return name;
  }
  return undefined;
}
