import type { ModelViewMessage } from './model-view-message';

/** What happened to one runtime message between two points of the model context. */
export type ContextChange =
  | 'added'
  | 'removed-by-compaction'
  | 'removed'
  | 'truncated-to-stub'
  | 'untruncated-from-stub'
  | 'truncated'
  | 'untruncated'
  | 'changed';

/** One line of the diff: a runtime message (by id) and what became of it from A to B. */
export interface ContextDiffLine {
  messageId: string;
  change: ContextChange;
  semanticType: string;
  /** The boundary that took the message out of the window (`removed-by-compaction`). */
  boundaryId?: string;
}

/** A model context at one point, as the diff needs it. */
export interface ContextAtPoint {
  messages: readonly ModelViewMessage[];
  /** The compact boundary whose window the context is (`diagnostics.window.compactBoundaryId`). */
  compactBoundaryId?: string | undefined;
}

/**
 * The diff between the model contexts at two points A and B, per runtime message (a model message
 * made of several runtime messages counts for each): added in B, removed (by a compaction when B's
 * window starts at another boundary than A's), truncated to the stub or cut (or the reverse), changed
 * otherwise. Unchanged messages are left out. Lines follow B's order, then what A alone had.
 */
export function diffModelContexts(a: ContextAtPoint, b: ContextAtPoint): ContextDiffLine[] {
  const before = bySourceId(a.messages);
  const after = bySourceId(b.messages);
  const lines: ContextDiffLine[] = [];
  for (const [messageId, message] of after) {
    const earlier = before.get(messageId);
    if (earlier === undefined) {
      lines.push({ messageId, change: 'added', semanticType: message.semanticType });
      continue;
    }
    const change = changeOf(earlier, message);
    if (change !== undefined) lines.push({ messageId, change, semanticType: message.semanticType });
  }
  const compacted =
    b.compactBoundaryId !== undefined && b.compactBoundaryId !== a.compactBoundaryId;
  for (const [messageId, message] of before) {
    if (after.has(messageId)) continue;
    lines.push(
      compacted && b.compactBoundaryId !== undefined
        ? {
            messageId,
            change: 'removed-by-compaction',
            semanticType: message.semanticType,
            boundaryId: b.compactBoundaryId,
          }
        : { messageId, change: 'removed', semanticType: message.semanticType },
    );
  }
  return lines;
}

function changeOf(a: ModelViewMessage, b: ModelViewMessage): ContextChange | undefined {
  if (b.compacted && !a.compacted) return 'truncated-to-stub';
  if (a.compacted && !b.compacted) return 'untruncated-from-stub';
  if (b.truncated && !a.truncated) return 'truncated';
  if (a.truncated && !b.truncated) return 'untruncated';
  return JSON.stringify(a.content) === JSON.stringify(b.content) ? undefined : 'changed';
}

function bySourceId(messages: readonly ModelViewMessage[]): Map<string, ModelViewMessage> {
  const map = new Map<string, ModelViewMessage>();
  for (const message of messages) {
    for (const id of message.sourceMessageIds) if (!map.has(id)) map.set(id, message);
  }
  return map;
}
