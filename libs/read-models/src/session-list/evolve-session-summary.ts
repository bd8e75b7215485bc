import {
  handleSessionEvent,
  type ModelCallUsage,
  type SessionEventHandlers,
  type SessionLogEvent,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { SessionSummary } from './session-summary';

/**
 * The session list's fold: the summary after one more event of the session. Pure and total;
 * both the handler and the in-memory recomputation use it. The summary it is given is never
 * changed: the result is a copy that shares nothing with it, so its holder may go on folding
 * into it with {@link foldIntoSessionSummary}. Keys stay in the order they were first set, so
 * the stored JSON is the same whichever way it was folded.
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
      : { ...summary, agents: [...summary.agents], messageCounts: { ...summary.messageCounts } };
  foldIntoSessionSummary(next, logged);
  return next;
}

/**
 * The same step as {@link evolveSessionSummary}, in place, on a summary its caller owns (one
 * that `evolveSessionSummary` returned and no one else holds): the session list handler folds a
 * batch's events into one summary per session without copying it for each.
 */
export function foldIntoSessionSummary(owned: SessionSummary, logged: SessionLogEvent): void {
  owned.lastActivityAt = logged.recordedAt;
  owned.revision = logged.revision;
  owned.position = logged.position;
  handleSessionEvent(FOLD_INTO_SUMMARY, logged.event, owned);
}

/** What each kind of event adds to a summary (in place). */
const FOLD_INTO_SUMMARY: SessionEventHandlers<[owned: SessionSummary], void> = {
  SessionStarted: (event, owned) => {
    if (event.data.subjectId !== undefined) owned.subjectId = event.data.subjectId;
    addAgent(owned, event.data.agentName);
    const { forkedFrom } = event.data;
    if (forkedFrom !== undefined && owned.forkedFrom === undefined) {
      owned.forkedFrom = { sessionId: forkedFrom.sessionId, revision: forkedFrom.revision };
    }
  },
  SessionRewound: (_event, owned) => {
    owned.rewindCount = (owned.rewindCount ?? 0) + 1;
  },
  ContextOverflowRecovered: () => undefined,
  ProviderCompactionRecorded: () => undefined,
  ProviderContextEdited: () => undefined,
  SessionEnded: (_event, owned) => {
    owned.ended = true;
  },
  ToolResultsPruned: (_event, owned) => {
    owned.pruningCount += 1;
  },
  ModelCallRecorded: (event, owned) => addModelCall(owned, event.data.usage),
  MessageRecorded: (event, owned) => addMessage(owned, event.data),
  ClaudeCodeEntriesRecorded: () => undefined,
  // Total: an event of a newer version changes nothing the list shows.
  unknownType: () => undefined,
};

function addMessage(summary: SessionSummary, message: RuntimeMessage): void {
  const kind = message.kind;
  summary.messageCounts[kind] = (summary.messageCounts[kind] ?? 0) + 1;
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

function addAgent(summary: SessionSummary, agent: string | undefined): void {
  if (agent !== undefined && !summary.agents.includes(agent)) summary.agents.push(agent);
}
