import type { ToolCallPart } from '@agent-ledger/messages';
import type { ProviderProfile } from '../provider-profile-of';
import type { SerializationFallback } from '../serialization-report';
import type { PairedDraft } from './draft';

/**
 * For a provider that needs a signature on every function call of the history
 * (`ProviderProfile.foreignToolCallSignature`: Gemini 3), gives the calls it did not make — no
 * signature of its own, and no signed call before them in the same assistant message (a parallel
 * response carries one signature, on its first call) — the documented placeholder, and reports it.
 * Runs after tool pairing: calls sent as text by then need nothing.
 */
export function signForeignToolCalls(
  drafts: PairedDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
): PairedDraft[] {
  const signature = profile.foreignToolCallSignature;
  if (signature === undefined) return drafts;
  const { providerOptionsKey: key, field, value } = signature;
  const isSigned = (part: ToolCallPart): boolean =>
    typeof part.providerOptions?.[key]?.[field] === 'string';
  return drafts.map((draft): PairedDraft => {
    if (draft.role !== 'assistant' || typeof draft.content === 'string') return draft;
    let signedBefore = false;
    let signed = 0;
    const content = draft.content.map((part) => {
      if (part.type !== 'tool-call') return part;
      if (isSigned(part)) {
        signedBefore = true;
        return part;
      }
      if (signedBefore) return part;
      signed += 1;
      const options = part.providerOptions ?? {};
      return {
        ...part,
        providerOptions: { ...options, [key]: { ...options[key], [field]: value } },
      };
    });
    if (signed === 0) return draft;
    fallbacks.push({
      rule: 'foreign-tool-call-signed',
      detail: `${signed} tool call(s) not made by this provider got the documented placeholder ${key}.${field} "${value}", which it requires on every function call of the history.`,
      sourceMessageIds: draft.sourceMessageIds,
    });
    return { ...draft, content };
  });
}
