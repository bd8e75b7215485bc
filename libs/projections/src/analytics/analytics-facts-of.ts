import type { RuntimeMessage } from '@agent-ledger/messages';
import { toolOutputText } from '../search/tool-output-text';
import type { MessageAnalyticsFacts } from './analytics-facts';

/** What analytics reads of one recorded message (see {@link MessageAnalyticsFacts}). */
export function analyticsFactsOf(message: RuntimeMessage): MessageAnalyticsFacts {
  const agentName = message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
  const base: MessageAnalyticsFacts = {
    messageId: message.id,
    kind: message.kind,
    createdAt: message.createdAt,
    ...(agentName === undefined ? {} : { agentName }),
  };
  switch (message.kind) {
    case 'tool_call':
      return {
        ...base,
        toolCalls: message.content.map((part) => ({
          toolCallId: part.toolCallId,
          toolName: part.toolName,
        })),
      };
    case 'tool_result':
      return {
        ...base,
        toolResults: message.content.map((part) => ({
          toolCallId: part.toolCallId,
          ...(part.toolName === undefined ? {} : { toolName: part.toolName }),
          error:
            part.output.type === 'error-text' ||
            part.output.type === 'error-json' ||
            part.output.type === 'execution-denied',
          chars: toolOutputText(part.output).length,
        })),
        ...(message.metadata?.compactedAt === undefined ? {} : { pruned: true }),
      };
    case 'compact_boundary':
      return message.content.tokensBefore === undefined
        ? base
        : { ...base, tokensBefore: message.content.tokensBefore };
    case 'compact_summary': {
      const boundaryId = message.metadata?.summaryForBoundaryId;
      return {
        ...base,
        summaryChars: message.content.length,
        ...(boundaryId === undefined ? {} : { summaryForBoundaryId: boundaryId }),
      };
    }
    case 'agent_switch_note':
      return { ...base, handoffTo: message.content.toAgent };
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'runtime_reminder':
    case 'handoff_summary':
      return base;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
