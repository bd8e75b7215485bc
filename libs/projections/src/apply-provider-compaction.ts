import { providerCompactionFamilyOf, type ProviderCompactionFamily } from '@agent-ledger/messages';
import { providerCapabilitiesOf } from './providers/provider-capabilities-of';
import type { ModelMessage } from './types';

/** A provider's compaction as the model context needs it (`ProviderCompactionRecorded`'s data). */
export interface ProviderCompactionFacts {
  compactionId: string;
  family: ProviderCompactionFamily;
  artifactMessageId: string;
  summary?: string;
  /** Messages beside the artifact that repeat covered ones: for the artifact's family only. */
  retainedMessageIds?: readonly string[];
  /** The copies earlier compactions kept: covered for the family, left out for any other. */
  earlierRetainedMessageIds?: readonly string[];
}

/** What `applyProviderCompaction` did, for `diagnostics.providerCompaction`. */
export interface ProviderCompactionDiagnostics {
  compactionId: string;
  family: ProviderCompactionFamily;
  /**
   * `artifact`: the provider's artifact replaced the covered messages (the provider asked reads
   * it); `summary`: its readable summary did; `none`: the covered messages are sent as before
   * (an artifact no one else can read).
   */
  sentAs: 'artifact' | 'summary' | 'none';
  /** The runtime messages of the model view the artifact or summary replaced. */
  coveredMessageIds: string[];
  /**
   * Copies of covered messages the provider kept beside its artifact, left out for another
   * provider (which is sent the originals); absent when none was left out.
   */
  omittedRetainedMessageIds?: string[];
}

/**
 * The model view with a provider's compaction applied for the provider asked. For the family
 * that made the artifact (`sendsCompactionsOf` of the provider's table), the messages before the
 * artifact's message (system text excepted) are left out: the artifact stands for them, sent back
 * as the provider made it, with what follows it (as the OpenAI Agents SDK sends its items from
 * the latest compaction item on, the user messages OpenAI's compacted output lists before the
 * item included). For any other provider (or none), artifact parts are taken out of every message
 * (no other provider can read them), and the covered messages are replaced by the readable
 * summary when there is one, else kept; the copies of covered messages the provider kept
 * (`retainedMessageIds`, after the artifact or right before it; and those of earlier compactions)
 * are left out wherever they are, so that the covered history is sent once. An artifact not in the view (before a later compact boundary) changes nothing but the
 * parts. Pure.
 */
export function applyProviderCompaction(
  messages: readonly ModelMessage[],
  compaction: ProviderCompactionFacts | undefined,
  provider: string | undefined,
): { messages: ModelMessage[]; diagnostics?: ProviderCompactionDiagnostics } {
  const reads = providerCapabilitiesOf(provider)?.sendsCompactionsOf;
  const artifactIndex =
    compaction === undefined
      ? -1
      : messages.findIndex((message) =>
          message.sourceMessageIds.includes(compaction.artifactMessageId),
        );
  if (compaction === undefined || artifactIndex < 0) {
    return { messages: messages.flatMap((message) => withoutArtifactsFor(message, reads)) };
  }
  const retained = new Set(compaction.retainedMessageIds ?? []);
  const isCopy = (message: ModelMessage) =>
    message.sourceMessageIds.length > 0 && message.sourceMessageIds.every((id) => retained.has(id));
  const before = messages.slice(0, artifactIndex);
  const kept = before.filter((message) => message.role === 'system');
  const rest = messages.slice(artifactIndex);
  const facts = { compactionId: compaction.compactionId, family: compaction.family };
  if (reads === compaction.family) {
    const coveredMessageIds = before
      .filter((message) => message.role !== 'system')
      .flatMap((message) => message.sourceMessageIds);
    return {
      messages: [...kept, ...rest],
      diagnostics: { ...facts, sentAs: 'artifact', coveredMessageIds },
    };
  }
  const coveredMessageIds = before
    .filter((message) => message.role !== 'system' && !isCopy(message))
    .flatMap((message) => message.sourceMessageIds);
  for (const id of compaction.earlierRetainedMessageIds ?? []) retained.add(id);
  const omitted = messages.filter(isCopy).flatMap((message) => message.sourceMessageIds);
  const after = rest
    .filter((message) => !isCopy(message))
    .flatMap((message) => withoutArtifactsFor(message, reads));
  const omission = omitted.length === 0 ? {} : { omittedRetainedMessageIds: omitted };
  if (compaction.summary === undefined) {
    return {
      messages: [
        ...before
          .filter((message) => !isCopy(message))
          .flatMap((message) => withoutArtifactsFor(message, reads)),
        ...after,
      ],
      diagnostics: { ...facts, sentAs: 'none', coveredMessageIds: [], ...omission },
    };
  }
  const summary: ModelMessage = {
    view: 'model',
    role: 'user',
    semanticType: 'compact_summary',
    sourceMessageIds: [compaction.artifactMessageId],
    content: compaction.summary,
  };
  return {
    messages: [...kept, summary, ...after],
    diagnostics: { ...facts, sentAs: 'summary', coveredMessageIds, ...omission },
  };
}

/** The message without the artifact parts `reads` cannot take; none left: no message. */
function withoutArtifactsFor(
  message: ModelMessage,
  reads: ProviderCompactionFamily | undefined,
): ModelMessage[] {
  if (typeof message.content === 'string') return [message];
  const content = message.content.filter((part) => {
    if (part.type !== 'text') return true;
    const family = providerCompactionFamilyOf(part);
    return family === undefined || family === reads;
  });
  if (content.length === message.content.length) return [message];
  return content.length === 0 ? [] : [{ ...message, content }];
}
