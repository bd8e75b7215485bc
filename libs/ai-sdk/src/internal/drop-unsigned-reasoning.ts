import type { ReasoningPart } from '@agent-ledger/messages';
import type { SerializationFallback } from '../serialization-report';
import type { SplitDraft } from './draft';

/**
 * Anthropic compatibility: removes reasoning parts that carry neither an Anthropic `signature`
 * nor `redactedData` (for example reasoning recorded from another provider). The Anthropic
 * provider would drop them itself, and an assistant message holding nothing else would then be
 * sent with empty content, which the API rejects; so such a message is removed here.
 */
export function dropUnsignedReasoning(
  drafts: SplitDraft[],
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  return drafts.flatMap((draft): SplitDraft[] => {
    if (draft.role !== 'assistant' || typeof draft.content === 'string') return [draft];
    const content = draft.content.filter(
      (part) => part.type !== 'reasoning' || isSignedForAnthropic(part),
    );
    if (content.length === draft.content.length) return [draft];
    const removed = draft.content.length - content.length;
    fallbacks.push({
      rule: 'unsigned-reasoning-dropped',
      detail: `${removed} reasoning part(s) without an Anthropic signature removed${content.length === 0 ? ', leaving the assistant message empty; message removed' : ''}.`,
      sourceMessageIds: draft.sourceMessageIds,
    });
    return content.length === 0 ? [] : [{ ...draft, content }];
  });
}

function isSignedForAnthropic(part: ReasoningPart): boolean {
  const options = part.providerOptions?.['anthropic'];
  return (
    typeof options?.['signature'] === 'string' || typeof options?.['redactedData'] === 'string'
  );
}
