import type { RuntimeMessage } from '@agent-ledger/messages';
import { toolOutputText } from '../search/tool-output-text';
import type { MessageAnalyticsFacts } from './analytics-facts';

/** The facts of a message that depend on its kind (see {@link messageKindFacts}). */
export type MessageKindFacts = Pick<
  MessageAnalyticsFacts,
  | 'toolCalls'
  | 'toolResults'
  | 'tokensBefore'
  | 'summaryChars'
  | 'summaryForBoundaryId'
  | 'handoffTo'
>;

/**
 * What analytics reads of a message beyond its id, kind, time, agent and pruning: its tool calls,
 * its tool results (error or not, output size), a boundary's `tokensBefore`, a summary's length
 * and boundary, the agent a switch note hands to. `undefined` for a message with none of these
 * (most of a session), so that a read model storing them apart stores nothing for it.
 */
export function messageKindFacts(message: RuntimeMessage): MessageKindFacts | undefined {
  switch (message.kind) {
    case 'tool_call':
      return {
        toolCalls: message.content.map((part) => ({
          toolCallId: part.toolCallId,
          toolName: part.toolName,
        })),
      };
    case 'tool_result':
      return {
        toolResults: message.content.map((part) => ({
          toolCallId: part.toolCallId,
          ...(part.toolName === undefined ? {} : { toolName: part.toolName }),
          error:
            part.output.type === 'error-text' ||
            part.output.type === 'error-json' ||
            part.output.type === 'execution-denied',
          chars: toolOutputText(part.output).length,
        })),
      };
    case 'compact_boundary':
      return message.content.tokensBefore === undefined
        ? undefined
        : { tokensBefore: message.content.tokensBefore };
    case 'compact_summary': {
      const boundaryId = message.metadata?.summaryForBoundaryId;
      return {
        summaryChars: message.content.length,
        ...(boundaryId === undefined ? {} : { summaryForBoundaryId: boundaryId }),
      };
    }
    case 'agent_switch_note':
      return { handoffTo: message.content.toAgent };
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'runtime_reminder':
    case 'handoff_summary':
      return undefined;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
