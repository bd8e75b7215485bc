import type { RuntimeMessage } from '@agent-ledger/messages';
import { planModelView } from './plan-model-view';
import { resolveModelPolicy, type ModelPolicy } from './resolve-model-policy';
import type {
  CompactMessage,
  ModelMessage,
  ProjectToModelOptions,
  ProjectionContext,
  ProjectionResult,
} from './types';

/**
 * The compact view: what the summarizer is given when the session is compacted next. It is the
 * model view under a fixed policy: always from the latest boundary (the previous summary first),
 * no runtime reminders (nor tagged agent switch notes), reasoning only with
 * `includeReasoning: true`, every attachment replaced by a text hint, and tool results pruned,
 * stubbed or truncated by the same soft limit so the input stays bounded. Diagnostics are the
 * model view's under that policy: they say what was left out and what was cut.
 */
export function projectToCompact(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToModelOptions = {},
): ProjectionResult<CompactMessage> {
  const policy: ModelPolicy = {
    ...resolveModelPolicy(context, options),
    applyCompactBoundary: true,
    injectRuntimeReminder: false,
    includeReasoning: context.includeReasoning === true,
    attachments: { supports: () => false, reason: 'not sent to the summarizer' },
  };
  const { result } = planModelView(messages, policy);
  return { messages: result.messages.flatMap(toCompactMessage), diagnostics: result.diagnostics };
}

function toCompactMessage(message: ModelMessage): CompactMessage[] {
  const semanticType = message.semanticType;
  if (semanticType === 'runtime_reminder') return [];
  return [{ ...message, view: 'compact', semanticType }];
}
