import type { ModelCallUsage } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { SessionLogEvent } from '../runner/session-log-event';
import type { SessionSummary } from './session-summary';

/**
 * The session list's fold: the summary after one more event of the session. Pure and total;
 * both the handler (one event at a time) and the in-memory recomputation use it.
 */
export function evolveSessionSummary(
  summary: SessionSummary | undefined,
  logged: SessionLogEvent,
): SessionSummary {
  const current: SessionSummary = summary ?? {
    sessionId: logged.sessionId,
    agents: [],
    firstActivityAt: logged.recordedAt,
    lastActivityAt: logged.recordedAt,
    messageCounts: {},
    messageCount: 0,
    compacted: false,
    compactionCount: 0,
    pruningCount: 0,
    ended: false,
    revision: logged.revision,
    position: logged.position,
  };
  const next: SessionSummary = {
    ...current,
    lastActivityAt: logged.recordedAt,
    revision: logged.revision,
    position: logged.position,
  };
  const { event } = logged;
  switch (event.type) {
    case 'SessionStarted':
      return withAgents(next, event.data.agentName === undefined ? [] : [event.data.agentName]);
    case 'SessionEnded':
      return { ...next, ended: true };
    case 'ToolResultsPruned':
      return { ...next, pruningCount: next.pruningCount + 1 };
    case 'ModelCallRecorded':
      return withModelCall(next, event.data.usage);
    case 'SystemNoteRecorded':
    case 'UserInputRecorded':
    case 'AssistantTextRecorded':
    case 'AssistantReasoningRecorded':
    case 'ToolCallRecorded':
    case 'ToolResultRecorded':
    case 'ToolApprovalRequested':
    case 'ToolApprovalResponded':
    case 'CompactBoundaryRecorded':
    case 'CompactSummaryRecorded':
    case 'RuntimeReminderRecorded':
    case 'HandoffSummaryRecorded':
    case 'AgentSwitchNoteRecorded':
      return withMessage(next, event.data);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function withMessage(summary: SessionSummary, message: RuntimeMessage): SessionSummary {
  const kind = message.kind;
  const counted: SessionSummary = {
    ...summary,
    messageCounts: { ...summary.messageCounts, [kind]: (summary.messageCounts[kind] ?? 0) + 1 },
    messageCount: summary.messageCount + 1,
  };
  const agents = [message.metadata?.agentName, message.metadata?.effectiveAgentName];
  if (message.kind === 'agent_switch_note') {
    agents.push(message.content.fromAgent, message.content.toAgent);
  }
  const withAgent = withAgents(
    counted,
    agents.filter((agent): agent is string => agent !== undefined),
  );
  if (message.kind !== 'compact_boundary') return withAgent;
  return {
    ...withAgent,
    compacted: true,
    compactionCount: withAgent.compactionCount + 1,
    lastCompactBoundaryId: message.id,
  };
}

function withModelCall(summary: SessionSummary, usage: ModelCallUsage | undefined): SessionSummary {
  return {
    ...summary,
    modelCalls: (summary.modelCalls ?? 0) + 1,
    inputTokens: (summary.inputTokens ?? 0) + (usage?.inputTokens ?? 0),
    outputTokens: (summary.outputTokens ?? 0) + (usage?.outputTokens ?? 0),
  };
}

function withAgents(summary: SessionSummary, agents: string[]): SessionSummary {
  const added = agents.filter(
    (agent, index) => !summary.agents.includes(agent) && agents.indexOf(agent) === index,
  );
  return added.length === 0 ? summary : { ...summary, agents: [...summary.agents, ...added] };
}
