import type { ModelViewMessage } from './model-view-message';

/** Whether the model saw a message at one point, and why not. */
export type Explanation =
  | { status: 'not-yet-recorded'; recordedAt: number }
  | { status: 'shown'; modelIndex: number; truncatedToStub: boolean; truncated: boolean }
  | { status: 'hidden'; detail: string }
  | { status: 'behind-boundary'; boundaryId: string }
  /** Not in the context, and when it was recorded is unknown (no `audit` scope for the events). */
  | { status: 'outside-window'; boundaryId?: string };

/** The model context at a point, as an explanation needs it. */
export interface PointContext {
  revision: number;
  messages: readonly ModelViewMessage[];
  hiddenMessageIds: readonly string[];
  compactBoundaryId?: string | undefined;
}

/**
 * Explains what the model saw of `messageId` in the context at a past point, from that context
 * alone: recorded after the point, shown (at which index, truncated to the stub or cut), hidden by the view's
 * rules, or outside the window because the window starts at a later compact boundary (or, when
 * the message's revision is unknown, one of the two: outside the window). The debug
 * view says the precise reason for the latest point; this is the same question asked of the past.
 */
export function explainAtPoint(
  messageId: string,
  messageRevision: number | undefined,
  context: PointContext,
): Explanation {
  if (messageRevision !== undefined && messageRevision > context.revision) {
    return { status: 'not-yet-recorded', recordedAt: messageRevision };
  }
  const modelIndex = context.messages.findIndex((message) =>
    message.sourceMessageIds.includes(messageId),
  );
  const shown = context.messages[modelIndex];
  if (shown !== undefined) {
    return {
      status: 'shown',
      modelIndex,
      truncatedToStub: shown.compacted,
      truncated: shown.truncated,
    };
  }
  if (context.hiddenMessageIds.includes(messageId)) {
    return { status: 'hidden', detail: 'left out by the model view’s rules (see the debug view)' };
  }
  if (messageRevision === undefined) {
    return context.compactBoundaryId === undefined
      ? { status: 'outside-window' }
      : { status: 'outside-window', boundaryId: context.compactBoundaryId };
  }
  if (context.compactBoundaryId !== undefined) {
    return { status: 'behind-boundary', boundaryId: context.compactBoundaryId };
  }
  return { status: 'hidden', detail: 'not part of the model view' };
}
