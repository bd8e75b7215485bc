import type { SessionEvent } from './session-event';
import type { SessionEventHandlers } from './session-event-handlers';

/**
 * Calls the handler of `event`'s type in `handlers` with the event (narrowed to it) and `args`,
 * and returns what it returns: the one switch over the session event union, so that consumers
 * write a {@link SessionEventHandlers} map instead. The 13 message event types all go to
 * `MessageRecorded`. An event of a type this code does not know goes to `unknownType`, or throws
 * when the map has none.
 */
export function handleSessionEvent<A extends unknown[], R>(
  handlers: SessionEventHandlers<A, R>,
  event: SessionEvent,
  ...args: A
): R {
  switch (event.type) {
    case 'SessionStarted':
      return handlers.SessionStarted(event, ...args);
    case 'SessionEnded':
      return handlers.SessionEnded(event, ...args);
    case 'SessionRewound':
      return handlers.SessionRewound(event, ...args);
    case 'ToolResultsPruned':
      return handlers.ToolResultsPruned(event, ...args);
    case 'ModelCallRecorded':
      return handlers.ModelCallRecorded(event, ...args);
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
      return handlers.MessageRecorded(event, ...args);
    case 'ClaudeCodeEntriesRecorded':
      return handlers.ClaudeCodeEntriesRecorded(event, ...args);
    case 'ContextOverflowRecovered':
      return handlers.ContextOverflowRecovered(event, ...args);
    case 'ProviderCompactionRecorded':
      return handlers.ProviderCompactionRecorded(event, ...args);
    case 'ProviderContextEdited':
      return handlers.ProviderContextEdited(event, ...args);
    default: {
      const unreachable: never = event;
      const eventType = typeOfUnknownEvent(unreachable);
      if (handlers.unknownType !== undefined) return handlers.unknownType(eventType, ...args);
      throw new Error(`Session event type "${eventType}" is unknown to this version.`);
    }
  }
}

function typeOfUnknownEvent(event: unknown): string {
  if (typeof event !== 'object' || event === null || !('type' in event)) return '(none)';
  return String(event.type);
}
