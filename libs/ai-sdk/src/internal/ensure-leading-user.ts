import { LEADING_USER_TEXT } from '../fallback-texts';
import type { ProviderProfile } from '../provider-profile-of';
import type { SerializationFallback } from '../serialization-report';
import type { PairedDraft } from './draft';

/**
 * For providers with strict turns (Anthropic, Google): the first message after the system text
 * must be a user message. When it is an assistant message (a window that starts mid-step), a
 * placeholder user message is inserted before it.
 */
export function ensureLeadingUser(
  drafts: PairedDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
): PairedDraft[] {
  if (!profile.strictTurns) return drafts;
  const first = drafts.findIndex((draft) => draft.role !== 'system');
  const firstDraft = drafts[first];
  if (firstDraft === undefined || firstDraft.role === 'user') return drafts;
  fallbacks.push({
    rule: 'leading-user-inserted',
    detail: `The first message after the system text has role ${firstDraft.role}, not user; a placeholder user message was inserted before it.`,
    sourceMessageIds: firstDraft.sourceMessageIds,
  });
  return [
    ...drafts.slice(0, first),
    { role: 'user', content: LEADING_USER_TEXT, sourceMessageIds: [] },
    ...drafts.slice(first),
  ];
}
