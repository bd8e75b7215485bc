import type { RuntimeMessage } from '@agent-ledger/messages';
import { findCompactWindow } from './find-compact-window';
import { isKeptUserInput, planModelView, type ModelViewPartContext } from './plan-model-view';
import { resolveModelPolicy } from './resolve-model-policy';
import type {
  ModelMessage,
  ProjectToModelOptions,
  ProjectionContext,
  ProjectionResult,
} from './types';

/**
 * The model view: what the model is given, selected and trimmed, runtime semantics kept.
 * Every rule and default is listed in `libs/projections/README.md`; in short: eligible messages of
 * the window since the latest compact boundary, the boundary's summary first, reminders by policy,
 * reasoning of the current turn, pruned or aged-out tool results as stubs, long ones truncated,
 * unsupported attachments as text hints, no dangling tool call or result. Pure and total.
 */
export function projectToModel(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToModelOptions = {},
): ProjectionResult<ModelMessage> {
  return planModelView(messages, resolveModelPolicy(context, options), false).result;
}

/** A part of the model view computed alone, with what it needs from the rest (`ModelViewPartContext`). */
export interface ModelViewPart {
  result: ProjectionResult<ModelMessage>;
  /** The texts of the system notes the part kept, for the parts after it. */
  systemTexts: string[];
}

/**
 * The model view of a part of a session's messages, as `projectToModel` would give those messages
 * within the whole list, given what the rest of the list decides (`part`): where the current turn
 * starts, which tool results are older, which system notes came before. It equals the whole only
 * where no tool call, result or approval, message id or pruning mark crosses the part's edges and
 * the part (unless it is the first) starts with an eligible user input and holds no compact
 * boundary or summary: the caller, which splits the list, must ensure that (the model context's
 * incremental view does, `libs/read-models/src/model-context`).
 */
export function projectModelViewPart(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToModelOptions,
  part: ModelViewPartContext,
): ModelViewPart {
  const plan = planModelView(messages, resolveModelPolicy(context, options), false, part);
  return { result: plan.result, systemTexts: plan.systemTexts };
}

/**
 * Indexes of the user inputs the model view keeps (eligible, from the applied boundary's window
 * on), in order: the turns `recentUserTurns` counts back from.
 */
export function keptUserInputIndexes(
  messages: readonly RuntimeMessage[],
  context: Pick<ProjectionContext, 'applyCompactBoundary'>,
): number[] {
  const window = findCompactWindow(messages, context.applyCompactBoundary !== false);
  const windowStart = window.applied === undefined ? 0 : window.applied.windowStart;
  const indexes: number[] = [];
  messages.forEach((message, index) => {
    if (isKeptUserInput(message, index, windowStart)) indexes.push(index);
  });
  return indexes;
}

/** The number of recent user turns whose tool results stay whole (`recentUserTurns`, defaults applied). */
export function recentUserTurnsOf(
  context: ProjectionContext,
  options: ProjectToModelOptions = {},
): number {
  return resolveModelPolicy(context, options).recentUserTurns;
}
