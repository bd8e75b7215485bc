import type { RuntimeMessage } from '@agent-ledger/messages';
import type { MessageAnalyticsFacts } from './analytics-facts';
import { messageKindFacts } from './message-kind-facts';

/**
 * What analytics reads of one recorded message (see {@link MessageAnalyticsFacts}): its id, kind,
 * time and agent, the facts of its kind (`messageKindFacts`), and whether a tool result was
 * recorded pruned. Built by assignment rather than by spreading partial objects: a rebuild calls
 * it for every message.
 */
export function analyticsFactsOf(message: RuntimeMessage): MessageAnalyticsFacts {
  const agentName = message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
  const facts: MessageAnalyticsFacts = {
    messageId: message.id,
    kind: message.kind,
    createdAt: message.createdAt,
  };
  if (agentName !== undefined) facts.agentName = agentName;
  const kindFacts = messageKindFacts(message);
  if (kindFacts !== undefined) Object.assign(facts, kindFacts);
  if (message.kind === 'tool_result' && message.metadata?.compactedAt !== undefined) {
    facts.pruned = true;
  }
  return facts;
}
