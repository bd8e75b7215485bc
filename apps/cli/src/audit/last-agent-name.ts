import type { SessionEvent } from '@agent-ledger/events';

/**
 * The agent of the latest message that names one (`effectiveAgentName`, else `agentName`): the
 * default active agent of a replayed view, as the server's model context defaults it.
 */
export function lastAgentName(events: readonly SessionEvent[]): string | undefined {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (
      event === undefined ||
      event.type === 'SessionStarted' ||
      event.type === 'SessionEnded' ||
      event.type === 'SessionRewound' ||
      event.type === 'ToolResultsPruned' ||
      event.type === 'ModelCallRecorded' ||
      event.type === 'ClaudeCodeEntriesRecorded' ||
      event.type === 'ContextOverflowRecovered' ||
      event.type === 'ProviderCompactionRecorded' ||
      event.type === 'ProviderContextEdited'
    ) {
      continue;
    }
    const name = event.data.metadata?.effectiveAgentName ?? event.data.metadata?.agentName;
    if (name !== undefined) return name;
  }
  return undefined;
}
