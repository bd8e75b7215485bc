import type { ModelMessage } from '@agent-ledger/projections';
import { ensureLeadingUser } from './internal/ensure-leading-user';
import { keepApprovalsLast } from './internal/keep-approvals-last';
import { keepReplayableReasoning } from './internal/keep-replayable-reasoning';
import { signForeignToolCalls } from './internal/sign-foreign-tool-calls';
import { mergeAdjacentDrafts } from './internal/merge-adjacent-drafts';
import { pairToolResults } from './internal/pair-tool-results';
import { placeSystemMessages } from './internal/place-system-messages';
import { renderDrafts } from './internal/render-drafts';
import { replaceAssistantFiles } from './internal/replace-assistant-files';
import { splitIntoDrafts } from './internal/split-into-drafts';
import { providerProfileOf } from './provider-profile-of';
import type {
  AiSdkSerializerOptions,
  SerializationFallback,
  SerializationReport,
} from './serialization-report';

/**
 * Serializes model-view messages into the AI SDK's `ModelMessage[]` and reports every fallback
 * it applied. Pure: no trimming or selection (that is `projectToModel`'s job), only
 *
 * 1. role/content conversion (parts routed to the role that accepts them, `toolName` filled in);
 * 2. system merging (leading system messages become one);
 * 3. provider compatibility (`providerProfileOf`: later system text as `<system-reminder>` user
 *    text, alternating turns, a user turn first, only the reasoning the provider can replay,
 *    assistant files the provider would drop as text notes, provider-executed tool calls as text
 *    for everyone, summaries marked when they share a user turn);
 * 4. illegal-combination fallback (results moved after their calls, synthetic results for
 *    unanswered calls, orphans and duplicates dropped, empty messages dropped).
 */
export function toAiSdkMessagesWithReport(
  messages: ModelMessage[],
  options: AiSdkSerializerOptions = {},
): SerializationReport {
  const profile = providerProfileOf(options.provider, options);
  const fallbacks: SerializationFallback[] = [];
  const split = replaceAssistantFiles(splitIntoDrafts(messages, fallbacks), profile, fallbacks);
  const replayable = keepReplayableReasoning(split, profile, fallbacks);
  const placed = keepApprovalsLast(placeSystemMessages(replayable, profile, fallbacks), fallbacks);
  const paired = pairToolResults(mergeAdjacentDrafts(placed, profile.strictTurns), fallbacks, {
    toolCallsAsText: options.toolCallsAsText === true,
  });
  const merged = signForeignToolCalls(
    mergeAdjacentDrafts(paired, profile.strictTurns),
    profile,
    fallbacks,
  );
  return { messages: renderDrafts(ensureLeadingUser(merged, profile, fallbacks)), fallbacks };
}
