import type { SerializationFallback } from '../serialization-report';
import type { ProviderProfile } from '../provider-profile-of';
import type { SplitDraft } from './draft';
import { systemReminder } from '../system-reminder';

/**
 * Provider compatibility for system messages. System messages before the first other message
 * stay (they are merged into one later). For providers that take system text only at the start,
 * every later system message becomes a user message holding `<system-reminder>…</system-reminder>`
 * (merged with an adjacent user message later, since those providers need alternating turns).
 */
export function placeSystemMessages(
  drafts: SplitDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
  /** A message before these drafts was not system text (they continue a list). */
  startedBefore = false,
): SplitDraft[] {
  let started = startedBefore;
  return drafts.map((draft): SplitDraft => {
    if (draft.role !== 'system') {
      started = true;
      return draft;
    }
    if (!started || !profile.systemOnlyAtStart) return draft;
    fallbacks.push({
      rule: 'system-moved-to-user',
      detail:
        'System message after the start of the conversation sent as a <system-reminder> in a user message.',
      sourceMessageIds: draft.sourceMessageIds,
    });
    return {
      role: 'user',
      content: systemReminder(draft.content),
      sourceMessageIds: draft.sourceMessageIds,
      reminder: true,
    };
  });
}
