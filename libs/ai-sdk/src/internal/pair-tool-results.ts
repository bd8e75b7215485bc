import { inlineBlobOutput } from '@agent-ledger/projections';
import type {
  TextPart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import { AWAITING_APPROVAL_TEXT, MISSING_TOOL_RESULT_TEXT } from '../fallback-texts';
import { toolCallText } from '../tool-call-text';
import type { SerializationFallback } from '../serialization-report';
import type {
  AssistantDraftPart,
  NamedToolResultPart,
  PairedDraft,
  SplitDraft,
  ToolDraftPart,
} from './draft';
import { indexToolParts, type ToolPartIndex } from './index-tool-parts';
import { toolCallTextReason } from './tool-call-text-reason';

/**
 * Illegal-combination fallback for tools: after every assistant message that makes tool calls
 * comes exactly one tool message answering each of them.
 *
 * - results (and approval responses) are moved to the tool message right after their call's
 *   assistant message; approval requests right after their call inside that assistant message;
 * - every result gets `toolName` from its call;
 * - a call that cannot be sent as a call (`toolCallTextReason`: provider-executed, or named like
 *   an `Object.prototype` member) becomes, with its approval and its result, one assistant text
 *   part in its place (`toolCallText`);
 * - a call without a result gets a synthetic one: `execution-denied` when its approval was
 *   denied, a text saying it awaits approval when its request has no response, else `error-text`
 *   saying no result was recorded — except a call whose approval response is in the history's last
 *   message, which is left pending: the AI SDK itself executes or denies it (`generateText`);
 * - with `toolCallsAsText`, every call is sent as text with its result (a call made without tools);
 * - orphan and duplicate tool parts are dropped (see `indexToolParts`), and assistant messages
 *   left empty are dropped.
 */
export function pairToolResults(
  drafts: SplitDraft[],
  fallbacks: SerializationFallback[],
  options: {
    toolCallsAsText: boolean;
    /** False when more drafts follow these (nothing here is at the history's end). */
    atEnd?: boolean;
    /** Where `indexToolParts` reports orphans and duplicates (default: `fallbacks`). */
    indexFallbacks?: SerializationFallback[];
  } = { toolCallsAsText: false },
): PairedDraft[] {
  const index = indexToolParts(drafts, options.indexFallbacks ?? fallbacks);
  // Drafts from `tailStart` on are all tool messages: an assistant draft before them is at the tail.
  let tailStart = options.atEnd === false ? Number.POSITIVE_INFINITY : drafts.length;
  while (tailStart > 0 && tailStart <= drafts.length && drafts[tailStart - 1]?.role === 'tool') {
    tailStart -= 1;
  }
  const paired: PairedDraft[] = [];
  drafts.forEach((draft, draftIndex) => {
    switch (draft.role) {
      case 'system':
      case 'user':
        paired.push(draft);
        return;
      case 'tool':
        // Its kept parts are emitted with their calls.
        return;
      case 'assistant': {
        if (typeof draft.content === 'string') {
          paired.push({
            role: 'assistant',
            content: draft.content,
            sourceMessageIds: draft.sourceMessageIds,
          });
          return;
        }
        const { content, calls } = assistantContent(
          draft.content,
          draft.sourceMessageIds,
          index,
          fallbacks,
          options.toolCallsAsText,
        );
        if (content.length === 0) {
          fallbacks.push({
            rule: 'empty-message-dropped',
            detail:
              'Assistant message has no content left after removing duplicate or misplaced tool parts; removed.',
            sourceMessageIds: draft.sourceMessageIds,
          });
          return;
        }
        paired.push({ role: 'assistant', content, sourceMessageIds: draft.sourceMessageIds });
        const atTail = draftIndex + 1 >= tailStart;
        const answers = toolAnswers(calls, index, atTail, draft.sourceMessageIds, fallbacks);
        if (answers.content.length > 0) paired.push({ role: 'tool', ...answers });
        return;
      }
      default: {
        const unreachable: never = draft;
        return unreachable;
      }
    }
  });
  return paired;
}

function assistantContent(
  parts: AssistantDraftPart<never>[],
  sourceMessageIds: string[],
  index: ToolPartIndex,
  fallbacks: SerializationFallback[],
  toolCallsAsText: boolean,
): { content: AssistantDraftPart<never>[]; calls: ToolCallPart[] } {
  const content: AssistantDraftPart<never>[] = [];
  const calls: ToolCallPart[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
      case 'file':
      case 'reasoning':
        content.push(part);
        break;
      case 'tool-call': {
        if (index.calls.get(part.toolCallId)?.part !== part) break; // a duplicate
        const reason = toolCallsAsText
          ? 'the call is made without tools (toolCallsAsText)'
          : toolCallTextReason(part);
        if (reason !== undefined) {
          content.push(callAsText(part, reason, index, sourceMessageIds, fallbacks));
          break;
        }
        calls.push(part);
        content.push(part, ...(index.requestsByCall.get(part.toolCallId) ?? []));
        break;
      }
      case 'tool-approval-request':
        // Emitted right after its call.
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
  return { content, calls };
}

/** A call, its approval responses and its result as one text part. */
function callAsText(
  call: ToolCallPart,
  reason: string,
  index: ToolPartIndex,
  callSourceIds: string[],
  fallbacks: SerializationFallback[],
): TextPart {
  const sourceMessageIds = new Set(callSourceIds);
  const responses = (index.requestsByCall.get(call.toolCallId) ?? []).flatMap((request) => {
    const response = index.responses.get(request.approvalId);
    response?.sourceMessageIds.forEach((id) => sourceMessageIds.add(id));
    return response === undefined ? [] : [response.part];
  });
  const result = index.results.get(call.toolCallId);
  result?.sourceMessageIds.forEach((id) => sourceMessageIds.add(id));
  const what = call.providerExecuted === true ? 'Provider-executed tool call' : 'Tool call';
  fallbacks.push({
    rule: 'tool-call-as-text',
    detail: `${what} ${call.toolCallId} (${JSON.stringify(call.toolName)})${result === undefined ? '' : ' and its result'} sent as assistant text: ${reason}.`,
    sourceMessageIds: [...sourceMessageIds],
  });
  return { type: 'text', text: toolCallText(call, result?.part.output, responses) };
}

function toolAnswers(
  calls: ToolCallPart[],
  index: ToolPartIndex,
  atTail: boolean,
  callSourceIds: string[],
  fallbacks: SerializationFallback[],
): { content: ToolDraftPart<NamedToolResultPart>[]; sourceMessageIds: string[] } {
  const content: ToolDraftPart<NamedToolResultPart>[] = [];
  const sourceMessageIds = new Set<string>();
  for (const call of calls) {
    const responses = (index.requestsByCall.get(call.toolCallId) ?? []).flatMap((request) => {
      const response = index.responses.get(request.approvalId);
      return response === undefined ? [] : [response];
    });
    for (const response of responses) {
      content.push(response.part);
      response.sourceMessageIds.forEach((id) => sourceMessageIds.add(id));
    }
    const result = index.results.get(call.toolCallId);
    if (result !== undefined) {
      content.push(named(result.part, call));
      result.sourceMessageIds.forEach((id) => sourceMessageIds.add(id));
      continue;
    }
    // An answered approval in the history's last message: generateText executes or denies it.
    if (atTail && responses.length > 0) continue;
    const awaiting = responses.length === 0 && index.requestsByCall.has(call.toolCallId);
    const denial = responses.find((response) => !response.part.approved)?.part;
    const output: ToolResultOutput = awaiting
      ? { type: 'error-text', value: AWAITING_APPROVAL_TEXT }
      : denial === undefined
        ? { type: 'error-text', value: MISSING_TOOL_RESULT_TEXT }
        : {
            type: 'execution-denied',
            ...(denial.reason === undefined ? {} : { reason: denial.reason }),
          };
    content.push({
      type: 'tool-result',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output,
    });
    callSourceIds.forEach((id) => sourceMessageIds.add(id));
    fallbacks.push(
      awaiting
        ? {
            rule: 'awaiting-approval-result',
            detail: `Tool call ${call.toolCallId} (${call.toolName}) awaits approval and has not run; a result saying so was added.`,
            sourceMessageIds: callSourceIds,
          }
        : {
            rule: 'missing-tool-result',
            detail: `Tool call ${call.toolCallId} (${call.toolName}) has no result; a synthetic ${output.type} result was added.`,
            sourceMessageIds: callSourceIds,
          },
    );
  }
  return { content, sourceMessageIds: [...sourceMessageIds] };
}

function named(result: ToolResultPart, call: ToolCallPart): NamedToolResultPart {
  const { output } = result;
  if (output.type !== 'blob') return { ...result, output, toolName: call.toolName };
  return {
    ...result,
    output: inlineBlobOutput(output, Number.MAX_SAFE_INTEGER, undefined).output,
    toolName: call.toolName,
  };
}
