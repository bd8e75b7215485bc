import type { ToolResultMessage, ToolResultPart } from '@agent-ledger/messages';
import { attachmentHint } from './attachment-hint';
import { inlineBlobOutput } from './inline-blob-output';
import { CLEARED_TOOL_RESULT_TEXT, OMITTED_TOOL_RESULT_TEXT } from './defaults';
import { measureToolOutput } from './measure-tool-output';
import type { AttachmentPolicy, ModelPolicy } from './resolve-model-policy';
import { stubToolResult } from './stub-tool-result';
import { truncateToolResult } from './truncate-tool-result';
import type { ModelShownOutcome } from './types';

/** The model-view parts of a tool result and what was done to them. */
export interface ProjectedToolResult {
  parts: ToolResultPart[];
  compacted?: NonNullable<ModelShownOutcome['compacted']>;
  truncated?: NonNullable<ModelShownOutcome['truncated']>;
  omittedAttachments: string[];
}

/**
 * Projects a tool result for the model, in this order:
 * 1. pruned (`metadata.compactedAt`) → every part is the seed's stub;
 * 2. `includeToolResults: false` → every part is a stub;
 * 3. a part longer than the soft limit is a stub when `older` (before the recent user turns),
 *    else truncated (head and tail kept); a blob output becomes the inline output its excerpt
 *    gives (`inlineBlobOutput`), so the model never meets a blob;
 * 4. a media item of a content output that the provider cannot take in a tool result becomes a
 *    text item holding a hint; the rest of the output is kept.
 */
export function projectToolResult(
  message: ToolResultMessage,
  policy: ModelPolicy,
  older: boolean,
): ProjectedToolResult {
  const compactedAt = message.metadata?.compactedAt;
  if (compactedAt !== undefined) {
    return {
      parts: message.content.map((part) => stubToolResult(part, CLEARED_TOOL_RESULT_TEXT)),
      compacted: { cause: 'compacted', compactedAt },
      omittedAttachments: [],
    };
  }
  if (!policy.includeToolResults) {
    return {
      parts: message.content.map((part) => stubToolResult(part, OMITTED_TOOL_RESULT_TEXT)),
      compacted: { cause: 'tool-results-excluded' },
      omittedAttachments: [],
    };
  }
  const result: ProjectedToolResult = { parts: [], omittedAttachments: [] };
  const limit = policy.toolResultSoftLimitChars;
  for (const part of message.content) {
    if (older && measureToolOutput(part.output) > limit) {
      result.parts.push(stubToolResult(part, CLEARED_TOOL_RESULT_TEXT));
      result.compacted = { cause: 'older-than-recent-turns' };
      continue;
    }
    if (part.output.type === 'blob') {
      const excerpt = policy.blobExcerpts?.get(part.output.blob.sha256);
      const inlined = inlineBlobOutput(part.output, limit, excerpt);
      if (inlined.truncated !== undefined) addTruncated(result, inlined.truncated);
      const inlinePart = { ...part, output: inlined.output };
      result.parts.push(omitUnsupportedMedia(inlinePart, policy.attachments, result));
      continue;
    }
    const truncated = truncateToolResult(part, limit);
    if (truncated !== undefined) addTruncated(result, truncated);
    result.parts.push(omitUnsupportedMedia(truncated?.part ?? part, policy.attachments, result));
  }
  return result;
}

function addTruncated(
  result: ProjectedToolResult,
  truncated: { originalLength: number; keptLength: number },
): void {
  result.truncated = {
    originalLength: (result.truncated?.originalLength ?? 0) + truncated.originalLength,
    keptLength: (result.truncated?.keptLength ?? 0) + truncated.keptLength,
  };
}

function omitUnsupportedMedia(
  part: ToolResultPart,
  policy: AttachmentPolicy | undefined,
  result: ProjectedToolResult,
): ToolResultPart {
  if (policy === undefined || part.output.type !== 'content') return part;
  const value = part.output.value.map((item) => {
    if (item.type !== 'media') return item;
    // Media items are inline base64: the AI SDK passes `data` through as it is.
    if (policy.supports({ place: 'tool-result', mediaType: item.mediaType, url: false })) {
      return item;
    }
    const hint = attachmentHint('media', item.mediaType, policy.reason);
    result.omittedAttachments.push(hint);
    return { type: 'text' as const, text: hint };
  });
  return { ...part, output: { type: 'content', value } };
}
