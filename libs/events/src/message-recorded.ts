import type { RuntimeMessage } from '@agent-ledger/messages';
import { EVENT_TYPE_OF_KIND, type MessageRecordedEvent } from './session-event';

/** The event that records `message`; its type follows the message's kind. */
export function messageRecorded(message: RuntimeMessage): MessageRecordedEvent {
  switch (message.kind) {
    case 'system_note':
      return { type: EVENT_TYPE_OF_KIND.system_note, data: message };
    case 'user_input':
      return { type: EVENT_TYPE_OF_KIND.user_input, data: message };
    case 'assistant_text':
      return { type: EVENT_TYPE_OF_KIND.assistant_text, data: message };
    case 'assistant_reasoning':
      return { type: EVENT_TYPE_OF_KIND.assistant_reasoning, data: message };
    case 'tool_call':
      return { type: EVENT_TYPE_OF_KIND.tool_call, data: message };
    case 'tool_result':
      return { type: EVENT_TYPE_OF_KIND.tool_result, data: message };
    case 'tool_approval_request':
      return { type: EVENT_TYPE_OF_KIND.tool_approval_request, data: message };
    case 'tool_approval_response':
      return { type: EVENT_TYPE_OF_KIND.tool_approval_response, data: message };
    case 'compact_boundary':
      return { type: EVENT_TYPE_OF_KIND.compact_boundary, data: message };
    case 'compact_summary':
      return { type: EVENT_TYPE_OF_KIND.compact_summary, data: message };
    case 'runtime_reminder':
      return { type: EVENT_TYPE_OF_KIND.runtime_reminder, data: message };
    case 'handoff_summary':
      return { type: EVENT_TYPE_OF_KIND.handoff_summary, data: message };
    case 'agent_switch_note':
      return { type: EVENT_TYPE_OF_KIND.agent_switch_note, data: message };
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
