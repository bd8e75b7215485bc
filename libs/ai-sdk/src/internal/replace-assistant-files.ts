import { assistantFileText } from '../assistant-file-text';
import type { ProviderProfile } from '../provider-profile-of';
import type { SerializationFallback } from '../serialization-report';
import type { InlineFilePart, SplitDraft } from './draft';

/**
 * Provider compatibility for files in assistant messages: each file part the provider would not
 * send (`ProviderProfile.assistantFiles`) becomes a text note in its place. Anthropic and OpenAI
 * drop such parts silently, so an assistant message holding only a file would reach Anthropic
 * empty, which the API rejects; Google refuses non-`data:` URLs.
 */
export function replaceAssistantFiles(
  drafts: SplitDraft[],
  profile: ProviderProfile,
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  return drafts.map((draft): SplitDraft => {
    if (draft.role !== 'assistant' || typeof draft.content === 'string') return draft;
    let replaced = 0;
    const content = draft.content.map((part) => {
      if (part.type !== 'file' || sendsAssistantFile(profile, part)) return part;
      replaced += 1;
      return { type: 'text' as const, text: assistantFileText(part) };
    });
    if (replaced === 0) return draft;
    fallbacks.push({
      rule: 'assistant-file-as-text',
      detail: `${replaced} file part(s) of an assistant message, which this provider does not send, replaced by a text note.`,
      sourceMessageIds: draft.sourceMessageIds,
    });
    return { ...draft, content };
  });
}

function sendsAssistantFile(profile: ProviderProfile, file: InlineFilePart): boolean {
  switch (profile.assistantFiles) {
    case 'none':
      return false;
    case 'inline-data':
      // The AI SDK reads a string that parses as a URL as one; base64 never parses.
      return !URL.canParse(file.data) || file.data.toLowerCase().startsWith('data:');
    default: {
      const unreachable: never = profile.assistantFiles;
      return unreachable;
    }
  }
}
