import {
  asBlobAttachmentPart,
  blobAttachmentNote,
  type ModelMessagePart,
  type ModelMessage,
} from '@agent-ledger/projections';
import type { SerializationFallback } from '../serialization-report';
import type { SummaryKind } from '../summary-text';
import type { AssistantDraftPart, SplitDraft, ToolDraftPart, UserDraftPart } from './draft';
import {
  derivedOnce,
  providerCompactionFamilyOf,
  type ImagePart,
  type ToolResultPart,
} from '@agent-ledger/messages';
import { isBlank } from './is-blank';

type Role = ModelMessage['role'];

/** A part together with the role of the message it has to go to. */
type PlacedPart =
  | { lane: 'system'; text: string }
  | { lane: 'user'; part: UserDraftPart }
  | { lane: 'assistant'; part: AssistantDraftPart<never> }
  | { lane: 'tool'; part: ToolDraftPart<ToolResultPart> };

/**
 * Role/content conversion: turns each model-view message into drafts of the AI SDK's roles.
 *
 * A string content stays a string. Parts are routed by type: tool calls and approval requests
 * to an assistant message, tool results and approval responses to a tool message, text and media
 * to the message's own role (a user message when that role cannot hold them). A model message
 * whose parts belong to several roles becomes several drafts, in part order. Blank text and
 * messages left empty are dropped; every such repair is logged in `fallbacks`.
 */
export function splitIntoDrafts(
  messages: ModelMessage[],
  fallbacks: SerializationFallback[],
): SplitDraft[] {
  const drafts: SplitDraft[] = [];
  for (const message of messages) {
    // Made once per (frozen) model message: the model view reuses them from request to request.
    const split = derivedOnce(message, 'ai-sdk-drafts', (model) => {
      const logged: SerializationFallback[] = [];
      return { drafts: draftsOfMessage(model, logged), fallbacks: logged };
    });
    drafts.push(...split.drafts);
    fallbacks.push(...split.fallbacks);
  }
  return drafts;
}

function draftsOfMessage(message: ModelMessage, fallbacks: SerializationFallback[]): SplitDraft[] {
  const sourceMessageIds = message.sourceMessageIds;
  const log = (rule: SerializationFallback['rule'], detail: string): void => {
    fallbacks.push({ rule, detail, sourceMessageIds });
  };
  if (typeof message.content === 'string') {
    if (isBlank(message.content)) {
      log('empty-message-dropped', `${describe(message)} has blank text content; removed.`);
      return [];
    }
    if (message.role === 'tool') {
      log('misplaced-part-moved', `${describe(message)} has text content; sent as a user message.`);
      return [{ role: 'user', content: message.content, sourceMessageIds }];
    }
    if (message.semanticType === 'assistant_reasoning' && message.role === 'assistant') {
      // Reasoning recorded as a string is still reasoning, never visible text.
      return [
        {
          role: 'assistant',
          content: [{ type: 'reasoning', text: message.content }],
          sourceMessageIds,
        },
      ];
    }
    if (message.role === 'user' && isSummary(message.semanticType)) {
      return [
        { role: 'user', content: message.content, sourceMessageIds, summary: message.semanticType },
      ];
    }
    return [{ role: message.role, content: message.content, sourceMessageIds }];
  }
  const drafts: SplitDraft[] = [];
  message.content.forEach((part, index) => {
    const where = (): string => `part ${index} (${part.type}) of ${describe(message)}`;
    // A provider's compaction artifact is in its provider options: OpenAI's has no text.
    if (
      part.type === 'text' &&
      isBlank(part.text) &&
      providerCompactionFamilyOf(part) === undefined
    ) {
      log('empty-part-dropped', `${where()} is blank; removed.`);
      return;
    }
    const placed = placePart(part, message.role);
    if (placed === undefined) {
      log(
        'misplaced-part-dropped',
        `${where()} has no meaning outside an assistant message; removed.`,
      );
      return;
    }
    if (placed.lane !== message.role && !isExpectedMove(part, message.role)) {
      log('misplaced-part-moved', `${where()} moved to a ${placed.lane} message.`);
    } else if (part.type === 'image' && message.role === 'assistant') {
      log(
        'misplaced-part-moved',
        `${where()} sent as a file part (assistant messages take no images).`,
      );
    }
    appendPart(drafts, placed, sourceMessageIds);
  });
  if (drafts.length === 0) {
    log('empty-message-dropped', `${describe(message)} has no content left; removed.`);
  }
  return drafts;
}

/** The lane of a part in a message of `role`; undefined when the part must be dropped. */
function placePart(part: ModelMessagePart, role: Role): PlacedPart | undefined {
  switch (part.type) {
    case 'text':
      if (role === 'system') return { lane: 'system', text: part.text };
      return { lane: role === 'assistant' ? 'assistant' : 'user', part };
    case 'image':
      if (typeof part.image !== 'string') return attachmentNote(part, role);
      if (role === 'assistant') {
        // Assistant messages take no image parts, only files.
        const file = {
          type: 'file' as const,
          data: part.image,
          mediaType: part.mediaType ?? 'image/*',
        };
        return { lane: 'assistant', part: withOptions(file, part.providerOptions) };
      }
      return { lane: 'user', part: { ...part, image: part.image } };
    case 'file':
      if (typeof part.data !== 'string') return attachmentNote(part, role);
      return {
        lane: role === 'assistant' ? 'assistant' : 'user',
        part: { ...part, data: part.data },
      };
    case 'reasoning':
      return role === 'assistant' ? { lane: 'assistant', part } : undefined;
    case 'tool-call':
    case 'tool-approval-request':
      return { lane: 'assistant', part };
    case 'tool-result':
    case 'tool-approval-response':
      return { lane: 'tool', part };
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

/**
 * An attachment whose blob the model view did not read (it inlines those it read): a text note
 * naming the blob, in its place.
 */
function attachmentNote(part: ModelMessagePart, role: Role): PlacedPart | undefined {
  const blobPart = asBlobAttachmentPart(part);
  if (blobPart === undefined) return undefined;
  const text = { type: 'text' as const, text: blobAttachmentNote(blobPart) };
  if (role === 'system') return { lane: 'system', text: text.text };
  return { lane: role === 'assistant' ? 'assistant' : 'user', part: text };
}

/** Moves that are the normal shape of a model view, not repairs. */
function isExpectedMove(part: ModelMessagePart, role: Role): boolean {
  // Provider-executed results are recorded on the assistant side; pairing puts them inline again.
  return role === 'assistant' && part.type === 'tool-result';
}

function appendPart(drafts: SplitDraft[], placed: PlacedPart, sourceMessageIds: string[]): void {
  const last = drafts.at(-1);
  switch (placed.lane) {
    case 'system':
      if (last?.role === 'system') last.content = `${last.content}\n\n${placed.text}`;
      else drafts.push({ role: 'system', content: placed.text, sourceMessageIds });
      return;
    case 'user':
      if (last?.role === 'user' && typeof last.content !== 'string') last.content.push(placed.part);
      else drafts.push({ role: 'user', content: [placed.part], sourceMessageIds });
      return;
    case 'assistant':
      if (last?.role === 'assistant' && typeof last.content !== 'string')
        last.content.push(placed.part);
      else drafts.push({ role: 'assistant', content: [placed.part], sourceMessageIds });
      return;
    case 'tool':
      if (last?.role === 'tool') last.content.push(placed.part);
      else drafts.push({ role: 'tool', content: [placed.part], sourceMessageIds });
      return;
    default: {
      const unreachable: never = placed;
      return unreachable;
    }
  }
}

function withOptions<T extends object>(part: T, providerOptions: ImagePart['providerOptions']): T {
  return providerOptions === undefined ? part : { ...part, providerOptions };
}

function isSummary(semanticType: ModelMessage['semanticType']): semanticType is SummaryKind {
  return semanticType === 'compact_summary' || semanticType === 'handoff_summary';
}

function describe(message: ModelMessage): string {
  return `${message.semanticType} message [${message.sourceMessageIds.join(', ')}]`;
}
