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
  // Filled in loops (the model view pairs every request's changed turns): the same sets as
  // `new Set(list.flatMap(ids))` would give.
  const resultIdsInInput = new Set<string>();
  for (const message of all) addToolResultIds(message, resultIdsInInput);
  const resultIdsInView = new Set<string>();
  const callIdsInView = new Set<string>();
  for (const message of candidates) {
    addToolResultIds(message, resultIdsInView);
    if (message.kind === 'tool_call') {
      for (const part of message.content) callIdsInView.add(part.toolCallId);
    }
  }
  const keepsCall = (id: string) => resultIdsInView.has(id) || !resultIdsInInput.has(id);
  const approvalIds = new Set<string>();
  for (const message of candidates) {
    if (message.kind !== 'tool_approval_request') continue;
    for (const part of message.content) {
      if (callIdsInView.has(part.toolCallId) && keepsCall(part.toolCallId)) {
        approvalIds.add(part.approvalId);
      }
    }
  }
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
  // Most messages keep every part: that is found without building the kept list.
  let kept = 0;
  for (const part of parts) if (keeps(idOf(part))) kept += 1;
  if (kept === 0) return { status: 'hidden', reason };
  if (kept === parts.length) return { status: 'kept', message, droppedParts: [] };
  const content = parts.filter((part) => keeps(idOf(part)));
  const droppedParts = parts.map(idOf).filter((id) => !keeps(id));
  return { status: 'kept', message: { ...message, content }, droppedParts };
}

function addToolResultIds(message: RuntimeMessage, ids: Set<string>): void {
  if (message.kind !== 'tool_result') return;
  for (const part of message.content) ids.add(part.toolCallId);
}
