import type { MessageAnalyticsFacts } from '@agent-ledger/projections';

/** The facts every row has in its own columns. */
const IN_COLUMNS: ReadonlySet<string> = new Set<keyof MessageAnalyticsFacts>([
  'messageId',
  'kind',
  'createdAt',
  'agentName',
  'pruned',
]);

/**
 * The facts of a message that analytics reads beyond the columns its row already has (id, kind,
 * time, agent, pruned), as JSON; `null` when there are none (most messages), so that a row
 * stores each fact once. `analyticsFactsOfRow` puts them back together.
 */
export function extraAnalyticsFacts(facts: MessageAnalyticsFacts): string | null {
  let extra: Record<string, unknown> | undefined;
  // A plain object the projections lib built: its own keys, in the order JSON keeps them.
  for (const key in facts) {
    if (!IN_COLUMNS.has(key)) (extra ??= {})[key] = facts[key as keyof MessageAnalyticsFacts];
  }
  return extra === undefined ? null : JSON.stringify(extra);
}
