import type { RuntimeMessage } from '@agent-ledger/messages';
import { compactScopeBoundaryIds } from './compact-scope-boundary-ids';
import { planModelView } from './plan-model-view';
import { providerCompactionEntryOf } from './provider-compaction-entry-of';
import { resolveModelPolicy } from './resolve-model-policy';
import type {
  DebugMessage,
  ModelOutcome,
  ProjectToModelOptions,
  ProjectionContext,
  ProjectionResult,
} from './types';

/**
 * The debug view: every runtime message, in log order, with its complete content and runtime
 * metadata, joined with what the model view (same context and options) did with it: shown at which
 * index and how reduced (stubbed and why, truncated from/to how many characters, attachments
 * omitted, dangling parts dropped), or hidden and why. It runs the model view's rules once and
 * never restates them, so the two cannot disagree. Diagnostics are the model view's.
 */
export function projectToDebug(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToModelOptions = {},
): ProjectionResult<DebugMessage> {
  const { result, outcomes } = planModelView(messages, resolveModelPolicy(context, options));
  const scopes = compactScopeBoundaryIds(messages);
  return {
    messages: messages.map((message, index) => {
      const model = outcomes[index] ?? { status: 'hidden', reason: 'not-eligible' };
      const scope = scopes[index];
      const metadata = debugMetadata(message, model);
      const providerCompaction = providerCompactionEntryOf(message);
      return {
        view: 'debug',
        role: message.role,
        semanticType: message.kind,
        sourceMessageIds: [message.id],
        id: message.id,
        sessionId: message.sessionId,
        ...(message.runId === undefined ? {} : { runId: message.runId }),
        kind: message.kind,
        createdAt: message.createdAt,
        ...(message.metadata === undefined ? {} : { runtimeMetadata: message.metadata }),
        content: message.content,
        ...(scope === undefined ? {} : { compactScopeBoundaryId: scope }),
        model,
        ...(providerCompaction === undefined ? {} : { providerCompaction }),
        ...(Object.keys(metadata).length === 0 ? {} : { metadata }),
      };
    }),
    diagnostics: result.diagnostics,
  };
}

function debugMetadata(
  message: RuntimeMessage,
  model: ModelOutcome,
): NonNullable<DebugMessage['metadata']> {
  const truncated =
    model.status === 'shown' &&
    (model.truncated !== undefined ||
      model.omittedAttachments !== undefined ||
      model.droppedParts !== undefined);
  return {
    ...(message.metadata?.visibleInTranscript === false ? { hiddenFromTranscript: true } : {}),
    ...(model.status === 'hidden' ? { hiddenFromModel: true } : {}),
    ...(model.status === 'shown' && model.compacted !== undefined ? { compacted: true } : {}),
    ...(truncated ? { truncated: true } : {}),
  };
}
