import type { ReasoningPart } from '@agent-ledger/messages';
import type { ProviderProfile, ReasoningFamily } from '../provider-profile-of';
import type { SerializationFallback } from '../serialization-report';
import type { SplitDraft } from './draft';

/** The `providerOptions` keys, and the fields under them, that say which family signed reasoning. */
const SIGNATURES: ReadonlyArray<{ family: ReasoningFamily; keys: string[]; fields: string[] }> = [
  { family: 'anthropic', keys: ['anthropic'], fields: ['signature', 'redactedData'] },
  { family: 'openai', keys: ['openai', 'azure'], fields: ['itemId', 'reasoningEncryptedContent'] },
  { family: 'google', keys: ['google', 'vertex'], fields: ['thoughtSignature'] },
];

/** The family whose adapter produced (and can replay) a reasoning part; undefined when unsigned. */
export function reasoningFamilyOf(part: ReasoningPart): ReasoningFamily | undefined {
  return SIGNATURES.find(({ keys, fields }) =>
    keys.some((key) => {
      const options = part.providerOptions?.[key];
      return fields.some((field) => {
        const value = options?.[field];
        return typeof value === 'string' && value !== '';
      });
    }),
  )?.family;
}

/**
 * Reasoning goes only to a provider that can use it (`ProviderProfile.reasoning`): the parts its own
 * family signed. Reasoning of another family, unsigned reasoning, and for OpenAI Chat any reasoning
 * is removed and reported, since the adapters drop it anyway (Anthropic silently, OpenAI Responses
 * with a warning) and an assistant message holding nothing else would then be sent empty, which the
 * APIs reject; such a message is removed here. Reasoning is never turned into visible text.
 */
export function keepReplayableReasoning(
  drafts: SplitDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  if (profile.reasoning === 'all') return drafts;
  const replayable = (part: ReasoningPart): boolean =>
    profile.reasoning !== 'none' && reasoningFamilyOf(part) === profile.reasoning;
  return drafts.flatMap((draft): SplitDraft[] => {
    if (draft.role !== 'assistant' || typeof draft.content === 'string') return [draft];
    const content = draft.content.filter((part) => part.type !== 'reasoning' || replayable(part));
    if (content.length === draft.content.length) return [draft];
    const removed = draft.content.length - content.length;
    const why =
      profile.reasoning === 'none'
        ? 'this provider takes no reasoning input'
        : `this provider replays only reasoning signed by ${profile.reasoning}`;
    fallbacks.push({
      rule: 'reasoning-dropped',
      detail: `${removed} reasoning part(s) removed: ${why}${content.length === 0 ? '; the assistant message had nothing else and was removed' : ''}.`,
      sourceMessageIds: draft.sourceMessageIds,
    });
    return content.length === 0 ? [] : [{ ...draft, content }];
  });
}
