import type { RuntimeMessage } from '@agent-ledger/messages';
import { planModelView } from './plan-model-view';
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
