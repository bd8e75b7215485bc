import type { RuntimeMessage } from '@agent-ledger/messages';
import { findCompactWindow } from './find-compact-window';
import { planModelView } from './plan-model-view';
import {
  resolveModelPolicy,
  type AttachmentPolicy,
  type ModelPolicy,
} from './resolve-model-policy';
import type {
  CompactMessage,
  CompactProjectionResult,
  ModelMessage,
  ProjectToCompactOptions,
  ProjectionContext,
} from './types';

/** The summarizer is sent no attachment: one policy object, shared, so projections are reused. */
const SUMMARIZER_ATTACHMENTS: AttachmentPolicy = {
  supports: () => false,
  reason: 'not sent to the summarizer',
};

/**
 * The compact view: what the summarizer is given when the session is compacted next. It is the
 * model view under a fixed policy: always from the latest boundary (the previous summary first),
 * no runtime reminders (nor tagged agent switch notes), reasoning only with
 * `includeReasoning: true`, every attachment replaced by a text hint, and tool results pruned,
 * stubbed or truncated by the same soft limit so the input stays bounded. Diagnostics are the
 * model view's under that policy: they say what was left out and what was cut. With
 * `keepRecentTurns: n` the last `n` user turns are left out (the compaction keeps them
 * verbatim) and `diagnostics.retainFromMessageId` names where they start, for the boundary's
 * `content.retainFromMessageId`.
 */
export function projectToCompact(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToCompactOptions = {},
): CompactProjectionResult {
  const retained = retainedTurnsStart(messages, options.keepRecentTurns ?? 0);
  const summarized = retained === undefined ? messages : messages.slice(0, retained.index);
  const policy: ModelPolicy = {
    ...resolveModelPolicy(context, options),
    applyCompactBoundary: true,
    injectRuntimeReminder: false,
    includeReasoning: context.includeReasoning === true,
    attachments: SUMMARIZER_ATTACHMENTS,
  };
  const { result } = planModelView(summarized, policy, false);
  return {
    messages: result.messages.flatMap(toCompactMessage),
    diagnostics: {
      ...result.diagnostics,
      ...(retained === undefined ? {} : { retainFromMessageId: retained.id }),
    },
  };
}

/**
 * With `keepRecentTurns: n`, the first message of the last `n` user turns of the window (the
 * `n`-th last eligible `user_input` after the latest boundary's window start): the compaction
 * keeps those turns verbatim, so the summarizer is given only what comes before.
 */
function retainedTurnsStart(
  messages: readonly RuntimeMessage[],
  turns: number,
): { index: number; id: string } | undefined {
  if (!Number.isFinite(turns) || turns < 1) return undefined;
  const window = findCompactWindow(messages, true);
  const start = window.applied?.windowStart ?? 0;
  const userInputs = messages.flatMap((message, index) =>
    index >= start &&
    message.kind === 'user_input' &&
    message.metadata?.eligibleForModelContext !== false
      ? [{ index, id: message.id }]
      : [],
  );
  return userInputs[Math.max(0, userInputs.length - Math.floor(turns))];
}

function toCompactMessage(message: ModelMessage): CompactMessage[] {
  const semanticType = message.semanticType;
  if (semanticType === 'runtime_reminder') return [];
  return [{ ...message, view: 'compact', semanticType }];
}
