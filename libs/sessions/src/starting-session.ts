import type { SessionEvent } from '@agent-ledger/events';
import type { SessionDecisionContext } from './session-command';
import type { SessionState } from './session-state';

/**
 * `events` as they are appended: after a `SessionStarted` when the session has no event yet (the
 * first append starts it), with the agent of the first event that names one and the command's
 * data subject.
 */
export function startingSession(
  sessionId: string,
  events: SessionEvent[],
  state: SessionState,
  context: SessionDecisionContext,
  subjectId?: string,
): SessionEvent[] {
  if (state.status !== 'new' || events.length === 0) return events;
  const agentName = events.map(agentOf).find((name) => name !== undefined);
  return [
    {
      type: 'SessionStarted',
      data: {
        sessionId,
        startedAt: context.now,
        ...(agentName !== undefined ? { agentName } : {}),
        ...(subjectId !== undefined ? { subjectId } : {}),
      },
    },
    ...events,
  ];
}

function agentOf(event: SessionEvent): string | undefined {
  if (event.type === 'SessionStarted' || event.type === 'ModelCallRecorded') {
    return event.data.agentName;
  }
  if (
    event.type === 'SessionEnded' ||
    event.type === 'SessionRewound' ||
    event.type === 'ToolResultsPruned' ||
    event.type === 'ClaudeCodeEntriesRecorded' ||
    event.type === 'ContextOverflowRecovered' ||
    event.type === 'ProviderCompactionRecorded' ||
    event.type === 'ProviderContextEdited'
  ) {
    return undefined;
  }
  return event.data.metadata?.agentName;
}
