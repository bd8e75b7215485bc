import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * Why an export leaves a message out, or `undefined` to keep it: hidden from the transcript,
 * synthetic (repairs), runtime noise (reminders, agent switch notes), compact summaries (they
 * restate history the export holds in full), and reasoning unless `includeReasoning` is true.
 */
export function exportExclusionReason(
  message: RuntimeMessage,
  includeReasoning: boolean,
): string | undefined {
  if (message.metadata?.visibleInTranscript === false) return 'hidden-from-transcript';
  if (message.metadata?.synthetic === true) return 'synthetic';
  switch (message.kind) {
    case 'runtime_reminder':
    case 'agent_switch_note':
      return 'runtime-noise';
    case 'compact_summary':
      return 'compact-summary';
    case 'assistant_reasoning':
      return includeReasoning ? undefined : 'reasoning-excluded';
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'tool_call':
    case 'tool_result':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'compact_boundary':
    case 'handoff_summary':
      return undefined;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
