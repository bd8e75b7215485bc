import type { RuntimeMessage } from '@agent-ledger/messages';

/** A candidate after pairing: kept with the parts that still have a partner, or hidden. */
export type PairingOutcome<M extends RuntimeMessage = RuntimeMessage> =
  | { status: 'kept'; message: M; droppedParts: string[] }
  | { status: 'hidden'; reason: 'dangling-tool-call' | 'dangling-tool-result' };

/**
 * Keeps the selected messages provider-safe, part by part:
 * - a tool result whose call is not among the candidates is dropped (its call was cut by the
 *   boundary or hidden; pulling it back in would break the window);
 * - a tool call whose result exists in the input but is not among the candidates is dropped;
 *   a call with no result anywhere is kept (pending, or for repair/serializer to settle);
 * - approval requests follow their call, approval responses their request.
 * A message left with no part is hidden.
 */
export function pairToolParts<M extends RuntimeMessage>(
  all: readonly RuntimeMessage[],
  candidates: readonly M[],
): PairingOutcome<M>[] {
  const resultIdsInInput = new Set(all.flatMap(toolResultIds));
  const resultIdsInView = new Set(candidates.flatMap(toolResultIds));
  const callIdsInView = new Set(candidates.flatMap(toolCallIds));
  const keepsCall = (id: string) => resultIdsInView.has(id) || !resultIdsInInput.has(id);
  const approvalIds = new Set(
    candidates.flatMap((message) =>
      message.kind === 'tool_approval_request'
        ? message.content
            .filter((part) => callIdsInView.has(part.toolCallId) && keepsCall(part.toolCallId))
            .map((part) => part.approvalId)
        : [],
    ),
  );
  return candidates.map((message): PairingOutcome<M> => {
    const runtime: RuntimeMessage = message;
    switch (runtime.kind) {
      case 'tool_call':
        return filtered(
          message,
          runtime.content,
          'dangling-tool-call',
          (part) => part.toolCallId,
          keepsCall,
        );
      case 'tool_result':
        return filtered(
          message,
          runtime.content,
          'dangling-tool-result',
          (part) => part.toolCallId,
          (id) => callIdsInView.has(id),
        );
      case 'tool_approval_request':
        return filtered(
          message,
          runtime.content,
          'dangling-tool-call',
          (part) => part.toolCallId,
          (id) => callIdsInView.has(id) && keepsCall(id),
        );
      case 'tool_approval_response':
        return filtered(
          message,
          runtime.content,
          'dangling-tool-result',
          (part) => part.approvalId,
          (id) => approvalIds.has(id),
        );
      case 'system_note':
      case 'user_input':
      case 'assistant_text':
      case 'assistant_reasoning':
      case 'compact_boundary':
      case 'compact_summary':
      case 'runtime_reminder':
      case 'handoff_summary':
      case 'agent_switch_note':
        return { status: 'kept', message, droppedParts: [] };
      default: {
        const unreachable: never = runtime;
        return unreachable;
      }
    }
  });
}

/** `message` with only the parts whose id `keeps`; `parts` is `message.content`, narrowed. */
function filtered<M extends RuntimeMessage, P>(
  message: M,
  parts: readonly P[],
  reason: 'dangling-tool-call' | 'dangling-tool-result',
  idOf: (part: P) => string,
  keeps: (id: string) => boolean,
): PairingOutcome<M> {
  const content = parts.filter((part) => keeps(idOf(part)));
  if (content.length === 0) return { status: 'hidden', reason };
  if (content.length === parts.length) return { status: 'kept', message, droppedParts: [] };
  const droppedParts = parts.map(idOf).filter((id) => !keeps(id));
  return { status: 'kept', message: { ...message, content }, droppedParts };
}

function toolResultIds(message: RuntimeMessage): string[] {
  return message.kind === 'tool_result' ? message.content.map((part) => part.toolCallId) : [];
}

function toolCallIds(message: RuntimeMessage): string[] {
  return message.kind === 'tool_call' ? message.content.map((part) => part.toolCallId) : [];
}
