import type { RuntimeMessage } from '@agent-ledger/messages';

/** The same message (id, kind, ids it refers to) with different content. */
export function alteredCopy(message: RuntimeMessage): RuntimeMessage {
  switch (message.kind) {
    case 'system_note':
    case 'compact_summary':
    case 'runtime_reminder':
    case 'handoff_summary':
      return { ...message, content: `${message.content} (recorded again)` };
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
      return { ...message, content: 'Recorded again with other content.' };
    case 'tool_call':
      return {
        ...message,
        content: message.content.map((part) => ({ ...part, input: { again: true } })),
      };
    case 'tool_result':
      return {
        ...message,
        content: message.content.map((part) => ({
          ...part,
          output: { type: 'text' as const, value: 'second result' },
        })),
      };
    case 'tool_approval_request':
      return { ...message, createdAt: new Date(Date.parse(message.createdAt) + 500).toISOString() };
    case 'tool_approval_response':
      return {
        ...message,
        content: message.content.map((part) => ({ ...part, reason: 'recorded again' })),
      };
    case 'compact_boundary':
      return { ...message, content: { ...message.content, reason: 'recorded again' } };
    case 'agent_switch_note':
      return { ...message, content: { ...message.content, reason: 'recorded again' } };
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
