import type { ReasoningPart } from '@agent-ledger/messages';
import type { ProviderProfile, ReasoningSignature } from '../provider-profile-of';
import type { SerializationFallback } from '../serialization-report';
import type { SplitDraft } from './draft';

/**
 * Reasoning goes only to a provider that can use it (`ProviderProfile.reasoning`, read from its
 * capability table): the parts carrying its own signature. Reasoning of another family, unsigned reasoning, and for OpenAI Chat any reasoning
 * is removed and reported, since the adapters drop it anyway (Anthropic silently, OpenAI Responses
 * with a warning) and an assistant message holding nothing else would then be sent empty, which the
 * APIs reject; such a message is removed here. Reasoning is never turned into visible text.
 */
export function keepReplayableReasoning(
  drafts: SplitDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  const signature = profile.reasoning;
  if (signature === 'all') return drafts;
  const replayable = (part: ReasoningPart): boolean =>
    signature !== 'none' && isSignedWith(part, signature);
  return drafts.flatMap((draft): SplitDraft[] => {
    if (draft.role !== 'assistant' || typeof draft.content === 'string') return [draft];
    const content = draft.content.filter((part) => part.type !== 'reasoning' || replayable(part));
    if (content.length === draft.content.length) return [draft];
    const removed = draft.content.length - content.length;
    const why =
      signature === 'none'
        ? 'this provider takes no reasoning input'
        : `this provider replays only reasoning signed by ${signature.providerOptionsKey}`;
    fallbacks.push({
      rule: 'reasoning-dropped',
      detail: `${removed} reasoning part(s) removed: ${why}${content.length === 0 ? '; the assistant message had nothing else and was removed' : ''}.`,
      sourceMessageIds: draft.sourceMessageIds,
    });
    return content.length === 0 ? [] : [{ ...draft, content }];
  });
}

/** True when the part carries the signature (a non-empty field under the provider's options key). */
function isSignedWith(part: ReasoningPart, signature: ReasoningSignature): boolean {
  const options = part.providerOptions?.[signature.providerOptionsKey];
  return signature.fields.some((field) => {
    const value = options?.[field];
    return typeof value === 'string' && value !== '';
  });
}
