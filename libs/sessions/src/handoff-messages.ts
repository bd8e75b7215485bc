import type { AgentSwitchNoteMessage, HandoffSummaryMessage } from '@agent-ledger/messages';
import type { HandoffSession, SessionDecisionContext } from './session-command';

/**
 * The two messages a hand-off writes, in order: the `handoff_summary` the previous agent leaves
 * for the next one, then the `agent_switch_note` that records the switch for people.
 */
export function handoffMessages(
  command: HandoffSession,
  context: SessionDecisionContext,
): [HandoffSummaryMessage, AgentSwitchNoteMessage] {
  const common = {
    sessionId: command.sessionId,
    createdAt: context.now,
    ...(command.runId !== undefined ? { runId: command.runId } : {}),
  };
  return [
    {
      ...common,
      id: command.summaryMessageId,
      kind: 'handoff_summary',
      role: 'user',
      content: command.summary,
      metadata: { agentName: command.fromAgent, source: 'runtime' },
    },
    {
      ...common,
      id: command.switchNoteMessageId,
      kind: 'agent_switch_note',
      role: 'system',
      content: {
        type: 'agent-switch',
        fromAgent: command.fromAgent,
        toAgent: command.toAgent,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
      metadata: { agentName: command.toAgent, source: 'runtime' },
    },
  ];
}
