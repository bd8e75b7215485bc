import type { ModelCallUsage } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { SessionLogEvent } from '../runner/session-log-event';
import type { SessionSummary } from './session-summary';

/**
 * The session list's fold: the summary after one more event of the session. Pure and total;
 * both the handler (one event at a time) and the in-memory recomputation use it. The summary it
 * is given is never changed: it returns a copy (one object per event, its message counts copied
 * for a message, its agents only when one is added), with the keys in the order they were first
 * set, so the stored JSON is the same whatever path built it.
 */
export function evolveSessionSummary(
  summary: SessionSummary | undefined,
  logged: SessionLogEvent,
): SessionSummary {
  const next: SessionSummary =
    summary === undefined
      ? {
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
        }
      : {
          ...summary,
          lastActivityAt: logged.recordedAt,
          revision: logged.revision,
          position: logged.position,
        };
  const { event } = logged;
  switch (event.type) {
    case 'SessionStarted':
      addAgent(next, event.data.agentName);
      return next;
    case 'SessionEnded':
      next.ended = true;
      return next;
    case 'ToolResultsPruned':
      next.pruningCount += 1;
      return next;
    case 'ModelCallRecorded':
      addModelCall(next, event.data.usage);
      return next;
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
      addMessage(next, event.data);
      return next;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** Counts a message into `summary`, a copy that `evolveSessionSummary` owns. */
function addMessage(summary: SessionSummary, message: RuntimeMessage): void {
  const kind = message.kind;
  const messageCounts = { ...summary.messageCounts };
  messageCounts[kind] = (messageCounts[kind] ?? 0) + 1;
  summary.messageCounts = messageCounts;
  summary.messageCount += 1;
  addAgent(summary, message.metadata?.agentName);
  addAgent(summary, message.metadata?.effectiveAgentName);
  if (message.kind === 'agent_switch_note') {
    addAgent(summary, message.content.fromAgent);
    addAgent(summary, message.content.toAgent);
  }
  if (message.kind !== 'compact_boundary') return;
  summary.compacted = true;
  summary.compactionCount += 1;
  summary.lastCompactBoundaryId = message.id;
}

function addModelCall(summary: SessionSummary, usage: ModelCallUsage | undefined): void {
  summary.modelCalls = (summary.modelCalls ?? 0) + 1;
  summary.inputTokens = (summary.inputTokens ?? 0) + (usage?.inputTokens ?? 0);
  summary.outputTokens = (summary.outputTokens ?? 0) + (usage?.outputTokens ?? 0);
}

/** Adds an agent not listed yet; the list is copied, never changed (earlier summaries share it). */
function addAgent(summary: SessionSummary, agent: string | undefined): void {
  if (agent === undefined || summary.agents.includes(agent)) return;
  summary.agents = [...summary.agents, agent];
}
