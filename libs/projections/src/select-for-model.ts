import type { RuntimeMessage } from '@agent-ledger/messages';
import { SYSTEM_REMINDER_TAG, UNTIL_COMPACTION_TAG } from './defaults';
import type { CompactWindow } from './find-compact-window';
import type { ModelPolicy } from './resolve-model-policy';
import type { ModelHiddenReason, ModelSemanticType } from './types';

/** A message the model view keeps (before tool pairing), or why it leaves it out. */
export type ModelSelection =
  | { status: 'hidden'; reason: ModelHiddenReason }
  | {
      status: 'candidate';
      semanticType: ModelSemanticType;
      injected?: true;
      movedToStart?: true;
      carriedOver?: true;
    };

/** What the selection of one message depends on besides the message. */
export interface SelectionScope {
  policy: ModelPolicy;
  window: CompactWindow;
  /** Index of the last eligible `user_input` of the window (-1 if none): the current turn follows. */
  currentTurnStart: number;
}

/**
 * Decides whether the model view keeps one runtime message, rule by rule, first match wins:
 * boundaries never; `eligibleForModelContext === false` never; the applied boundary's summary
 * always (moved to the start); summaries of other boundaries in the input never; system notes
 * before the applied boundary carry over (unless tagged `until-compaction` or carrying is off);
 * other messages before the applied boundary never; then the kind's own policy (reasoning of the
 * active agent, reminders, agent switch notes).
 */
export function selectForModel(
  message: RuntimeMessage,
  index: number,
  scope: SelectionScope,
): ModelSelection {
  const { policy, window } = scope;
  if (message.kind === 'compact_boundary') return hidden('compact-boundary');
  if (message.metadata?.eligibleForModelContext === false) return hidden('not-eligible');
  if (message.kind === 'compact_summary') {
    const boundaryId = message.metadata?.summaryForBoundaryId;
    if (boundaryId !== undefined && boundaryId === window.applied?.id) {
      return index === window.applied.summaryIndex
        ? { status: 'candidate', semanticType: 'compact_summary', movedToStart: true }
        : hidden('summary-superseded');
    }
    if (boundaryId !== undefined && window.boundaryIds.has(boundaryId)) {
      return hidden(`summary-for-unapplied-boundary:${boundaryId}`);
    }
  }
  if (window.applied !== undefined && index < window.applied.windowStart) {
    if (message.kind !== 'system_note') {
      return hidden(`before-compact-boundary:${window.applied.id}`);
    }
    const carries =
      policy.carrySystemNotes && message.metadata?.tags?.includes(UNTIL_COMPACTION_TAG) !== true;
    return carries
      ? { status: 'candidate', semanticType: 'system_note', carriedOver: true }
      : hidden('system-note-not-carried');
  }
  switch (message.kind) {
    case 'assistant_reasoning': {
      const agent = message.metadata?.effectiveAgentName ?? message.metadata?.agentName;
      if (agent !== undefined && agent !== policy.activeAgentName) {
        return hidden('reasoning-of-other-agent');
      }
      return (policy.includeReasoning ?? index > scope.currentTurnStart)
        ? candidate('assistant_reasoning')
        : hidden('reasoning-excluded');
    }
    case 'runtime_reminder':
      return policy.injectRuntimeReminder
        ? { status: 'candidate', semanticType: 'runtime_reminder', injected: true }
        : hidden('reminder-not-injected');
    case 'agent_switch_note':
      if (message.metadata?.tags?.includes(SYSTEM_REMINDER_TAG) !== true) {
        return hidden('agent-switch-note');
      }
      return policy.injectRuntimeReminder
        ? { status: 'candidate', semanticType: 'runtime_reminder', injected: true }
        : hidden('reminder-not-injected');
    case 'tool_approval_request':
      return candidate('tool_call');
    case 'tool_approval_response':
      return candidate('tool_result');
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'tool_call':
    case 'tool_result':
    case 'compact_summary':
    case 'handoff_summary':
      return candidate(message.kind);
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

function hidden(reason: ModelHiddenReason): ModelSelection {
  return { status: 'hidden', reason };
}

function candidate(semanticType: ModelSemanticType): ModelSelection {
  return { status: 'candidate', semanticType };
}
