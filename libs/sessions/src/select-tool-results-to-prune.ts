import type { PruneSelection } from './session-command';
import { SessionRuleError } from './session-rule-error';
import type { SessionState } from './session-state';

/**
 * The ids a pruning marks, in recording order for a policy and in request order for named ids:
 * only tool results not pruned yet, each once. Named ids must be `tool_result` messages of the
 * session (else `UnknownMessage` / `NotAToolResult`). A policy selects tool results recorded before
 * the last `keepLastUserTurns` user turns whose output is longer than `minChars` characters.
 */
export function selectToolResultsToPrune(selection: PruneSelection, state: SessionState): string[] {
  if ('policy' in selection) {
    const { keepLastUserTurns, minChars } = selection.policy;
    const lastOldTurn = state.userTurns - keepLastUserTurns;
    const selected: string[] = [];
    for (const [messageId, facts] of state.toolResults) {
      if (!facts.pruned && facts.userTurn <= lastOldTurn && facts.length > minChars) {
        selected.push(messageId);
      }
    }
    return selected;
  }
  const selected = new Set<string>();
  selection.messageIds.forEach((messageId, index) => {
    const field = `messageIds[${index}]`;
    if (!state.messageFingerprints.has(messageId)) {
      throw new SessionRuleError(
        'UnknownMessage',
        `${field}: message "${messageId}" is not in this session. A pruning names tool_result messages of the session.`,
        { messageId, field },
      );
    }
    const facts = state.toolResults.get(messageId);
    if (facts === undefined) {
      throw new SessionRuleError(
        'NotAToolResult',
        `${field}: message "${messageId}" is not a tool_result. Only tool results can be pruned.`,
        { messageId, field },
      );
    }
    if (!facts.pruned) selected.add(messageId);
  });
  return [...selected];
}
