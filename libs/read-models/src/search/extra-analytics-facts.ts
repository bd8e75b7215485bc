import type { MessageAnalyticsFacts } from '@agent-ledger/projections';

/**
 * The facts of a message that analytics reads beyond the columns its row already has (id, kind,
 * time, agent, pruned), as JSON; `null` when there are none (most messages), so that a row
 * stores each fact once. `analyticsFactsOfRow` puts them back together.
 */
export function extraAnalyticsFacts(facts: MessageAnalyticsFacts): string | null {
  const {
    messageId: _messageId,
    kind: _kind,
    createdAt: _createdAt,
    agentName: _agentName,
    pruned: _pruned,
    ...extra
  } = facts;
  return Object.keys(extra).length === 0 ? null : JSON.stringify(extra);
}
