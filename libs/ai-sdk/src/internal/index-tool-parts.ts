import type {
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { SerializationFallback } from '../serialization-report';
import type { SplitDraft } from './draft';
import { toolCallTextReason } from './tool-call-text-reason';

/** A kept tool call and the draft it sits in. */
export interface IndexedCall {
  part: ToolCallPart;
  draftIndex: number;
}

/** A kept tool part of a tool message, with the ids it came from. */
export interface IndexedToolPart<TPart> {
  part: TPart;
  sourceMessageIds: string[];
}

/** Which tool parts survive pairing, looked up by id. */
export interface ToolPartIndex {
  /** The first call of each `toolCallId`. */
  calls: Map<string, IndexedCall>;
  /** Approval requests of each call, in order of appearance. */
  requestsByCall: Map<string, ToolApprovalRequestPart[]>;
  /** The first response to each approval request, by `approvalId`. */
  responses: Map<string, IndexedToolPart<ToolApprovalResponsePart>>;
  /** The first result after each call, by `toolCallId`. */
  results: Map<string, IndexedToolPart<ToolResultPart>>;
}

/**
 * Decides which tool parts are kept, in one pass in history order: the first call of an id; an
 * approval request whose call came before (or sits in the same message); the first result after
 * its call; the first response after its request. Everything else is logged and left out.
 */
export function indexToolParts(
  drafts: SplitDraft[],
  fallbacks: SerializationFallback[],
): ToolPartIndex {
  const index: ToolPartIndex = {
    calls: new Map(),
    requestsByCall: new Map(),
    responses: new Map(),
    results: new Map(),
  };
  const requests = new Map<string, ToolApprovalRequestPart>();
  drafts.forEach((draft, draftIndex) => {
    const log = (rule: SerializationFallback['rule'], detail: string): void => {
      fallbacks.push({ rule, detail, sourceMessageIds: draft.sourceMessageIds });
    };
    if (draft.role === 'assistant' && typeof draft.content !== 'string') {
      for (const part of draft.content) {
        if (part.type !== 'tool-call') continue;
        if (index.calls.has(part.toolCallId)) {
          log(
            'duplicate-tool-call-dropped',
            `Tool call ${part.toolCallId} (${part.toolName}) was already made; removed.`,
          );
        } else {
          index.calls.set(part.toolCallId, { part, draftIndex });
        }
      }
      for (const part of draft.content) {
        if (part.type !== 'tool-approval-request') continue;
        if (!index.calls.has(part.toolCallId)) {
          log(
            'orphan-approval-request-dropped',
            `Approval request ${part.approvalId} names tool call ${part.toolCallId}, which was not made before; removed.`,
          );
        } else if (requests.has(part.approvalId)) {
          log(
            'duplicate-approval-request-dropped',
            `Approval request ${part.approvalId} was already made; removed.`,
          );
        } else {
          requests.set(part.approvalId, part);
          index.requestsByCall.set(part.toolCallId, [
            ...(index.requestsByCall.get(part.toolCallId) ?? []),
            part,
          ]);
        }
      }
    }
    if (draft.role !== 'tool') return;
    const anchor = anchorOf(drafts, draftIndex);
    const sourceMessageIds = draft.sourceMessageIds;
    for (const part of draft.content) {
      if (part.type === 'tool-approval-response') {
        if (!requests.has(part.approvalId)) {
          log(
            'orphan-approval-response-dropped',
            `Approval response ${part.approvalId} answers no earlier approval request; removed.`,
          );
        } else if (index.responses.has(part.approvalId)) {
          log(
            'duplicate-approval-response-dropped',
            `Approval request ${part.approvalId} was already answered; removed.`,
          );
        } else {
          index.responses.set(part.approvalId, { part, sourceMessageIds });
        }
        continue;
      }
      const call = index.calls.get(part.toolCallId);
      if (call === undefined) {
        log(
          'orphan-tool-result-dropped',
          `Tool result for ${part.toolCallId} follows no call of that id; removed.`,
        );
      } else if (index.results.has(part.toolCallId)) {
        log(
          'duplicate-tool-result-dropped',
          `Tool call ${part.toolCallId} was already answered; removed.`,
        );
      } else {
        index.results.set(part.toolCallId, { part, sourceMessageIds });
        // A call sent as text takes its result into the text, wherever the result is.
        if (call.draftIndex !== anchor && toolCallTextReason(call.part) === undefined) {
          log(
            'tool-result-moved',
            `Tool result for ${part.toolCallId} did not directly follow its call; moved there.`,
          );
        }
        if (part.toolName !== undefined && part.toolName !== call.part.toolName) {
          log(
            'tool-name-mismatch',
            `Tool result for ${part.toolCallId} names ${part.toolName}, its call ${call.part.toolName}; the call's name was used.`,
          );
        }
      }
    }
  });
  return index;
}

/** The assistant draft a tool draft directly answers (only tool drafts in between), or -1. */
function anchorOf(drafts: SplitDraft[], toolDraftIndex: number): number {
  let index = toolDraftIndex - 1;
  while (drafts[index]?.role === 'tool') index -= 1;
  return drafts[index]?.role === 'assistant' ? index : -1;
}
