import type { ToolResultPart } from '@agent-ledger/messages';
import { summaryText } from '../summary-text';
import type { Draft } from './draft';

/**
 * Merges consecutive messages of the same role so roles alternate: assistant messages of one
 * step (reasoning, text, tool calls) become one assistant message with the parts in order,
 * consecutive tool messages one tool message, consecutive system messages one system message
 * (texts joined by a blank line). Consecutive user messages merge only when `mergeUsers` is set
 * (providers that require alternating turns); a compact or hand-off summary merged so is marked
 * (`summaryText`), so that it is not read as the user's own words. Merged string contents become
 * text parts.
 */
export function mergeAdjacentDrafts<TResult extends ToolResultPart, TInline extends ToolResultPart>(
  drafts: Draft<TResult, TInline>[],
  mergeUsers: boolean,
): Draft<TResult, TInline>[] {
  const merged: Draft<TResult, TInline>[] = [];
  for (const draft of drafts) {
    const last = merged.at(-1);
    const joined =
      last === undefined || (draft.role === 'user' && !mergeUsers)
        ? undefined
        : mergeTwo(last, draft);
    if (joined === undefined) merged.push(draft);
    else merged[merged.length - 1] = joined;
  }
  return merged;
}

function mergeTwo<TResult extends ToolResultPart, TInline extends ToolResultPart>(
  first: Draft<TResult, TInline>,
  second: Draft<TResult, TInline>,
): Draft<TResult, TInline> | undefined {
  if (first.role !== second.role) return undefined;
  const sourceMessageIds = [...first.sourceMessageIds, ...second.sourceMessageIds];
  if (first.role === 'system' && second.role === 'system') {
    return { role: 'system', content: `${first.content}\n\n${second.content}`, sourceMessageIds };
  }
  if (first.role === 'user' && second.role === 'user') {
    return {
      role: 'user',
      content: [...asParts(marked(first)), ...asParts(marked(second))],
      sourceMessageIds,
    };
  }
  if (first.role === 'assistant' && second.role === 'assistant') {
    return {
      role: 'assistant',
      content: [...asParts(first.content), ...asParts(second.content)],
      sourceMessageIds,
    };
  }
  if (first.role === 'tool' && second.role === 'tool') {
    return { role: 'tool', content: [...first.content, ...second.content], sourceMessageIds };
  }
  return undefined;
}

/** A summary's text marked as what it is (it is about to share a user turn); other content as is. */
function marked<TResult extends ToolResultPart, TInline extends ToolResultPart>(
  draft: Extract<Draft<TResult, TInline>, { role: 'user' }>,
): Extract<Draft<TResult, TInline>, { role: 'user' }>['content'] {
  if (draft.summary === undefined) return draft.content;
  const kind = draft.summary;
  if (typeof draft.content === 'string') return summaryText(kind, draft.content);
  return draft.content.map((part) =>
    part.type === 'text' ? { ...part, text: summaryText(kind, part.text) } : part,
  );
}

function asParts<TPart>(content: string | TPart[]): Array<TPart | { type: 'text'; text: string }> {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}
