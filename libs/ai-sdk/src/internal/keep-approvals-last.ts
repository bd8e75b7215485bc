import type { SerializationFallback } from '../serialization-report';
import type { SplitDraft } from './draft';

/**
 * The AI SDK v6 approval flow: `generateText` executes (or denies) an approved call itself only
 * when the prompt's LAST message is the tool message holding the approval response. When the
 * runtime recorded reminders after that response (system text, sent as `<system-reminder>` user
 * messages), the approved tool would never run; so reminders that trail such a tool message are
 * moved just before the assistant message that made the call, and each move is reported.
 * Anything else after the response (a user's words, an assistant reply) means the conversation
 * went on: nothing is moved, and pairing then treats the call as unanswered.
 */
export function keepApprovalsLast(
  drafts: SplitDraft[],
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  let tail = drafts.length;
  while (tail > 0 && isReminder(drafts[tail - 1])) tail -= 1;
  if (tail === drafts.length) return drafts;
  let toolStart = tail;
  while (toolStart > 0 && drafts[toolStart - 1]?.role === 'tool') toolStart -= 1;
  // The assistant turn before the tool messages, possibly still in several drafts (call, request).
  let anchor = toolStart;
  while (anchor > 0 && drafts[anchor - 1]?.role === 'assistant') anchor -= 1;
  if (anchor === toolStart || !leavesCallPending(drafts, toolStart, tail)) return drafts;
  const reminders = drafts.slice(tail);
  for (const reminder of reminders) {
    fallbacks.push({
      rule: 'reminder-moved-before-pending-approval',
      detail:
        'A reminder recorded after an approval response was moved before the approved call, so that the approval response stays the last message and generateText runs the approved tool.',
      sourceMessageIds: reminder.sourceMessageIds,
    });
  }
  return [...drafts.slice(0, anchor), ...reminders, ...drafts.slice(anchor, tail)];
}

/** True when a tool message in `[from, to)` answers an approval whose call has no result anywhere. */
function leavesCallPending(drafts: readonly SplitDraft[], from: number, to: number): boolean {
  const callOfApproval = new Map<string, string>();
  const answered = new Set<string>();
  for (const draft of drafts) {
    if (draft.role === 'assistant' && typeof draft.content !== 'string') {
      for (const part of draft.content) {
        if (part.type === 'tool-approval-request')
          callOfApproval.set(part.approvalId, part.toolCallId);
      }
    }
    if (draft.role === 'tool') {
      for (const part of draft.content)
        if (part.type === 'tool-result') answered.add(part.toolCallId);
    }
  }
  return drafts.slice(from, to).some(
    (draft) =>
      draft.role === 'tool' &&
      draft.content.some((part) => {
        if (part.type !== 'tool-approval-response') return false;
        const toolCallId = callOfApproval.get(part.approvalId);
        return toolCallId !== undefined && !answered.has(toolCallId);
      }),
  );
}

function isReminder(draft: SplitDraft | undefined): boolean {
  return draft?.role === 'user' && draft.reminder === true;
}
