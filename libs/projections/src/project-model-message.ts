import type { CompactBoundaryMessage, RuntimeMessage } from '@agent-ledger/messages';
import { inlineBlobAttachments } from './inline-blob-attachments';
import { inlineBlobTexts } from './inline-blob-texts';
import { omitUnsupportedAttachments } from './omit-unsupported-attachments';
import { projectToolResult } from './project-tool-result';
import { renderAgentSwitch } from './render-agent-switch';
import type { ModelPolicy } from './resolve-model-policy';
import type { ModelMessage, ModelMessagePart, ModelSemanticType, ModelShownOutcome } from './types';

/** What one kept runtime message becomes in the model view. */
export interface ProjectedModelMessage {
  message: ModelMessage;
  /** The debug outcome, `modelIndex` aside (the caller knows the position). */
  outcome: Omit<ModelShownOutcome, 'modelIndex'>;
  /** True when the model sees less than the runtime content. */
  reduced: boolean;
}

/** Why and how `projectModelMessage` shows a message. */
export interface ModelMessageSelection {
  semanticType: ModelSemanticType;
  injected?: true;
  movedToStart?: true;
  carriedOver?: true;
  /** Ids of the tool parts dropped by pairing. */
  droppedParts: string[];
  /** Before the recent user turns: long tool results become stubs. */
  older: boolean;
}

/**
 * Makes the model message of a kept runtime message: text kinds keep their string, parts kinds
 * their parts (attachments and tool results reduced as the policy says). `metadata` is present
 * only when something was reduced: `compacted` for stubs, `truncated` (with `notes`) otherwise.
 */
export function projectModelMessage(
  runtime: Exclude<RuntimeMessage, CompactBoundaryMessage>,
  selection: ModelMessageSelection,
  policy: ModelPolicy,
): ProjectedModelMessage {
  // Built by assignment, in the order of the type's fields (JSON keeps that order): once for
  // every message of every request that projects it, where spreading optional fields costs more.
  const outcome: Omit<ModelShownOutcome, 'modelIndex'> = {
    status: 'shown',
    semanticType: selection.semanticType,
  };
  if (selection.injected !== undefined) outcome.injected = true;
  if (selection.movedToStart !== undefined) outcome.movedToStart = true;
  if (selection.carriedOver !== undefined) outcome.carriedOver = true;
  if (selection.droppedParts.length > 0) outcome.droppedParts = selection.droppedParts;
  const content = projectContent(runtime, policy, selection.older, outcome);
  const notes =
    outcome.omittedAttachments === undefined && selection.droppedParts.length === 0
      ? []
      : [
          ...(outcome.omittedAttachments ?? []),
          ...selection.droppedParts.map(
            (id) => `dropped tool part ${id}: its partner is not in the model view`,
          ),
        ];
  const compacted = outcome.compacted !== undefined;
  const truncated = outcome.truncated !== undefined || notes.length > 0;
  const message: ModelMessage = {
    view: 'model',
    role: runtime.role,
    semanticType: selection.semanticType,
    sourceMessageIds: [runtime.id],
    content,
  };
  const reduced = compacted || truncated;
  if (reduced) {
    const metadata: NonNullable<ModelMessage['metadata']> = {};
    if (compacted) metadata.compacted = true;
    if (truncated) metadata.truncated = true;
    if (notes.length > 0) metadata.notes = notes;
    message.metadata = metadata;
  }
  return { message, outcome, reduced };
}

function projectContent(
  runtime: Exclude<RuntimeMessage, CompactBoundaryMessage>,
  policy: ModelPolicy,
  older: boolean,
  outcome: Omit<ModelShownOutcome, 'modelIndex'>,
): string | ModelMessagePart[] {
  switch (runtime.kind) {
    case 'system_note':
    case 'runtime_reminder':
    case 'compact_summary':
    case 'handoff_summary':
      return runtime.content;
    case 'user_input':
    case 'assistant_text': {
      if (typeof runtime.content === 'string') return runtime.content;
      const texts = inlineBlobTexts(runtime.content, policy.blobTextExcerpts);
      if (texts.truncated !== undefined) outcome.truncated = texts.truncated;
      const inlined = inlineBlobAttachments(texts.parts, policy.blobAttachments);
      const { parts, omitted } = omitUnsupportedAttachments(
        inlined.parts,
        policy.attachments,
        runtime.role,
      );
      const notes = [...inlined.unread, ...omitted];
      if (notes.length > 0) outcome.omittedAttachments = notes;
      return parts;
    }
    case 'assistant_reasoning':
    case 'tool_call': {
      if (typeof runtime.content === 'string') return runtime.content;
      const texts = inlineBlobTexts(runtime.content, policy.blobTextExcerpts);
      if (texts.truncated !== undefined) outcome.truncated = texts.truncated;
      return texts.parts;
    }
    case 'tool_approval_request':
    case 'tool_approval_response':
      return runtime.content;
    case 'tool_result': {
      const projected = projectToolResult(runtime, policy, older);
      if (projected.compacted !== undefined) outcome.compacted = projected.compacted;
      if (projected.truncated !== undefined) outcome.truncated = projected.truncated;
      if (projected.omittedAttachments.length > 0) {
        outcome.omittedAttachments = projected.omittedAttachments;
      }
      return projected.parts;
    }
    case 'agent_switch_note':
      return renderAgentSwitch(runtime.content);
    default: {
      const unreachable: never = runtime;
      return unreachable;
    }
  }
}
