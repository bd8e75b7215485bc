import type { ModelMessage } from '@agent-ledger/projections';
import type { ModelMessage as AiSdkModelMessage } from 'ai';
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
  const whole = toAiSdkMessagesPart(messages, options, WHOLE);
  return { messages: whole.messages, fallbacks: whole.fallbacks.flat() };
}

/** Where a part of a message list sits in the whole (see `toAiSdkMessagesPart`). */
export interface AiSdkPartPlace {
  /** No message of an earlier part was split into a non-system draft. */
  beforeFirstTurn: boolean;
  /** No earlier part serialized to a non-system message. */
  beforeFirstMessage: boolean;
  /** Nothing follows the part. */
  last: boolean;
}

const WHOLE: AiSdkPartPlace = { beforeFirstTurn: true, beforeFirstMessage: true, last: true };

/** The roles at a part's edges, before the first merge and at the end: what decides a seam. */
export interface AiSdkPartEdges {
  placedFirst?: string;
  placedLast?: string;
  hasNonSystemDraft: boolean;
  hasNonSystemMessage: boolean;
}

/** A part serialized alone: its messages, its fallbacks by step (in step order), its edges. */
export interface AiSdkPart {
  messages: AiSdkModelMessage[];
  /** One list per serialization step, in the order the steps run. */
  fallbacks: SerializationFallback[][];
  edges: AiSdkPartEdges;
}

/**
 * `toAiSdkMessagesWithReport` of a part of a longer list, given where it sits (`place`). Two
 * parts serialized alone and joined (messages concatenated, fallbacks concatenated step by step)
 * give what the whole would when no tool call, result or approval crosses the seam and the seam
 * merges nothing (`seamHolds`); the caller ensures the first, and checks the second.
 */
export function toAiSdkMessagesPart(
  messages: ModelMessage[],
  options: AiSdkSerializerOptions,
  place: AiSdkPartPlace,
): AiSdkPart {
  const profile = providerProfileOf(options.provider, options);
  const steps: SerializationFallback[][] = [[], [], [], [], [], [], [], [], []];
  const [split, files, reasoning, system, approvals, indexing, pairing, signing, leading] =
    steps as [
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
      SerializationFallback[],
    ];
  const drafts = replaceAssistantFiles(splitIntoDrafts(messages, split), profile, files);
  const replayable = keepReplayableReasoning(drafts, profile, reasoning);
  const systemPlaced = placeSystemMessages(replayable, profile, system, !place.beforeFirstTurn);
  const placed = place.last ? keepApprovalsLast(systemPlaced, approvals) : systemPlaced;
  const paired = pairToolResults(mergeAdjacentDrafts(placed, profile.strictTurns), pairing, {
    toolCallsAsText: options.toolCallsAsText === true,
    atEnd: place.last,
    indexFallbacks: indexing,
  });
  const merged = signForeignToolCalls(
    mergeAdjacentDrafts(paired, profile.strictTurns),
    profile,
    signing,
  );
  const rendered = renderDrafts(
    place.beforeFirstMessage ? ensureLeadingUser(merged, profile, leading) : merged,
  );
  return {
    messages: rendered,
    fallbacks: steps,
    edges: {
      ...edgeRoles(placed),
      hasNonSystemDraft: replayable.some((draft) => draft.role !== 'system'),
      hasNonSystemMessage: merged.some((draft) => draft.role !== 'system'),
    },
  };
}

/** Whether the serializer merges consecutive user messages for these options (strict turns). */
export function mergesUserMessages(options: AiSdkSerializerOptions): boolean {
  return providerProfileOf(options.provider, options).strictTurns;
}

/**
 * True when serializing `left` and `right` together would merge nothing across their seam: the
 * drafts meeting there, before the first merge and at the end, are of different roles (or both
 * user messages where `mergeUsers`, from `mergesUserMessages`, is false).
 */
export function seamHolds(left: AiSdkPart, right: AiSdkPart, mergeUsers: boolean): boolean {
  const apart = (a: string | undefined, b: string | undefined): boolean =>
    a === undefined || b === undefined || a !== b || (a === 'user' && !mergeUsers);
  const lastMessage = left.messages[left.messages.length - 1];
  return (
    left.edges.placedLast !== undefined &&
    right.edges.placedFirst !== undefined &&
    apart(left.edges.placedLast, right.edges.placedFirst) &&
    lastMessage !== undefined &&
    right.messages[0] !== undefined &&
    apart(lastMessage.role, right.messages[0].role)
  );
}

function edgeRoles(drafts: ReadonlyArray<{ role: string }>): {
  placedFirst?: string;
  placedLast?: string;
} {
  const first = drafts[0];
  const last = drafts[drafts.length - 1];
  return first === undefined || last === undefined
    ? {}
    : { placedFirst: first.role, placedLast: last.role };
}
