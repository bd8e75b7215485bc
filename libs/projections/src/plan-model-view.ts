import type { CompactBoundaryMessage, RuntimeMessage } from '@agent-ledger/messages';
import { findCompactWindow } from './find-compact-window';
import { pairToolParts } from './pair-tool-parts';
import { projectModelMessage } from './project-model-message';
import type { ModelPolicy } from './resolve-model-policy';
import { selectForModel, type ModelSelection } from './select-for-model';
import type { ModelMessage, ModelOutcome, ProjectionResult } from './types';

/** The model view and, for every input message by position, what happened to it and why. */
export interface ModelViewPlan {
  result: ProjectionResult<ModelMessage>;
  outcomes: ModelOutcome[];
}

interface Candidate {
  index: number;
  message: Exclude<RuntimeMessage, CompactBoundaryMessage>;
  selection: Extract<ModelSelection, { status: 'candidate' }>;
}

/**
 * Applies every model-view rule once and records each message's outcome, so that the model view
 * and the debug view cannot disagree. Steps: find the window, select message by message, put the
 * applied boundary's summary first, pair tool parts, then project each kept message (tool results
 * before the recent user turns count as older).
 */
export function planModelView(
  messages: readonly RuntimeMessage[],
  policy: ModelPolicy,
): ModelViewPlan {
  const window = findCompactWindow(messages, policy.applyCompactBoundary);
  const windowStart = window.applied === undefined ? 0 : window.applied.windowStart;
  const currentTurnStart = messages.findLastIndex(
    (message, index) =>
      index >= windowStart &&
      message.kind === 'user_input' &&
      message.metadata?.eligibleForModelContext !== false,
  );
  const outcomes: Array<ModelOutcome | undefined> = [];
  const selected: Candidate[] = [];
  const systemTexts = new Set<string>();
  messages.forEach((message, index) => {
    const selection = selectForModel(message, index, { policy, window, currentTurnStart });
    if (selection.status === 'hidden') outcomes[index] = selection;
    else if (message.kind === 'system_note' && systemTexts.has(message.content)) {
      outcomes[index] = { status: 'hidden', reason: 'system-note-repeated' };
    } else if (message.kind !== 'compact_boundary') {
      if (message.kind === 'system_note') systemTexts.add(message.content);
      selected.push({ index, message, selection });
    }
  });
  const candidates = inContextOrder(selected);

  const paired = pairToolParts(
    messages,
    candidates.map((candidate) => candidate.message),
  );
  const kept = candidates.flatMap((candidate, position) => {
    const pairing = paired[position];
    if (pairing === undefined) return [];
    if (pairing.status === 'hidden') {
      outcomes[candidate.index] = pairing;
      return [];
    }
    return [{ ...candidate, message: pairing.message, droppedParts: pairing.droppedParts }];
  });

  const cutoff = recentTurnsStart(kept, policy.recentUserTurns);
  const result: ProjectionResult<ModelMessage> = {
    messages: [],
    diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
  };
  if (window.applied !== undefined) result.diagnostics.appliedCompactBoundaryId = window.applied.id;
  for (const candidate of kept) {
    const projected = projectModelMessage(
      candidate.message,
      {
        ...candidate.selection,
        droppedParts: candidate.droppedParts,
        older: candidate.index < cutoff,
      },
      policy,
    );
    outcomes[candidate.index] = { ...projected.outcome, modelIndex: result.messages.length };
    result.messages.push(projected.message);
    if (projected.reduced) result.diagnostics.truncatedMessageIds.push(candidate.message.id);
    if (candidate.selection.injected) result.diagnostics.injectedNotes.push(candidate.message.id);
  }
  const complete = messages.map((message, index): ModelOutcome => {
    // Every message was hidden by selection or pairing, or projected; the fallback is unreachable.
    const outcome = outcomes[index] ?? { status: 'hidden', reason: 'not-eligible' };
    if (outcome.status === 'hidden') result.diagnostics.hiddenMessageIds.push(message.id);
    return outcome;
  });
  return { result, outcomes: complete };
}

/**
 * The order of the context: the system text first (system notes carried over the applied boundary,
 * then those opening the window), then the applied boundary's summary, then the rest in log order.
 */
function inContextOrder(selected: readonly Candidate[]): Candidate[] {
  const firstOther = selected.findIndex(
    (candidate) =>
      candidate.selection.carriedOver !== true &&
      candidate.selection.movedToStart !== true &&
      candidate.message.kind !== 'system_note',
  );
  const rank = (candidate: Candidate, position: number): number => {
    if (candidate.message.kind === 'system_note' && (firstOther === -1 || position < firstOther)) {
      return 0;
    }
    return candidate.selection.movedToStart === true ? 1 : 2;
  };
  return selected
    .map((candidate, position) => ({ candidate, rank: rank(candidate, position) }))
    .sort((a, b) => a.rank - b.rank || a.candidate.index - b.candidate.index)
    .map(({ candidate }) => candidate);
}

/** Input index of the first of the last `turns` user inputs kept; tool results before it are older. */
function recentTurnsStart(kept: readonly Candidate[], turns: number): number {
  if (turns === 0) return Number.POSITIVE_INFINITY;
  const userIndexes = kept
    .filter((candidate) => candidate.message.kind === 'user_input')
    .map((candidate) => candidate.index);
  return userIndexes[userIndexes.length - turns] ?? -1;
}
