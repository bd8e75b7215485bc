import type { ModelMessage as AiSdkModelMessage } from 'ai';
import type { PairedDraft } from './draft';

/**
 * Drops the drafts' provenance and returns the AI SDK messages. The parts are already the AI
 * SDK's shapes: base64 and URL strings are left as strings (the AI SDK accepts both and turns
 * URL strings into `URL`s itself), so the output stays plain JSON.
 */
export function renderDrafts(drafts: PairedDraft[]): AiSdkModelMessage[] {
  return drafts.map((draft): AiSdkModelMessage => {
    switch (draft.role) {
      case 'system':
        return { role: 'system', content: draft.content };
      case 'user':
        return { role: 'user', content: draft.content };
      case 'assistant':
        return { role: 'assistant', content: draft.content };
      case 'tool':
        return { role: 'tool', content: draft.content };
      default: {
        const unreachable: never = draft;
        return unreachable;
      }
    }
  });
}
