import type { RuntimeMessage } from '@agent-ledger/messages';
import { toolOutputText } from '../search/tool-output-text';
import type { MessageAnalyticsFacts } from './analytics-facts';

/**
 * What analytics reads of one recorded message (see {@link MessageAnalyticsFacts}). Built by
 * assignment rather than by spreading partial objects: a rebuild calls it for every message.
 */
export function analyticsFactsOf(message: RuntimeMessage): MessageAnalyticsFacts {
  const agentName = message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
  const facts: MessageAnalyticsFacts = {
    messageId: message.id,
    kind: message.kind,
    createdAt: message.createdAt,
  };
  if (agentName !== undefined) facts.agentName = agentName;
  switch (message.kind) {
    case 'tool_call':
      facts.toolCalls = message.content.map((part) => ({
        toolCallId: part.toolCallId,
        toolName: part.toolName,
      }));
      return facts;
    case 'tool_result':
      facts.toolResults = message.content.map((part) => ({
        toolCallId: part.toolCallId,
        ...(part.toolName === undefined ? {} : { toolName: part.toolName }),
        error:
          part.output.type === 'error-text' ||
          part.output.type === 'error-json' ||
          part.output.type === 'execution-denied',
        chars: toolOutputText(part.output).length,
      }));
      if (message.metadata?.compactedAt !== undefined) facts.pruned = true;
      return facts;
    case 'compact_boundary':
      if (message.content.tokensBefore !== undefined) {
        facts.tokensBefore = message.content.tokensBefore;
      }
      return facts;
    case 'compact_summary': {
      facts.summaryChars = message.content.length;
      const boundaryId = message.metadata?.summaryForBoundaryId;
      if (boundaryId !== undefined) facts.summaryForBoundaryId = boundaryId;
      return facts;
    }
    case 'agent_switch_note':
      facts.handoffTo = message.content.toAgent;
      return facts;
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'runtime_reminder':
    case 'handoff_summary':
      return facts;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
