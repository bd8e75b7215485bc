import type { ToolResultOutput, ToolResultPart } from '@agent-ledger/messages';
import { jsonText, measureToolOutput } from './measure-tool-output';
import { inlineBlobOutput } from './inline-blob-output';
import { truncateText } from './truncate-text';

/** A truncated tool result and how many characters of its output were kept. */
export interface TruncatedToolResult {
  part: ToolResultPart;
  originalLength: number;
  keptLength: number;
}

/**
 * Truncates a tool result to `limit` characters of output (head and tail kept, a marker between),
 * or returns `undefined` when it fits. JSON outputs become text outputs of their JSON (a cut JSON
 * document is no longer JSON); content outputs share the limit among their text items in
 * proportion to their length and keep their media items.
 */
export function truncateToolResult(
  part: ToolResultPart,
  limit: number,
): TruncatedToolResult | undefined {
  const originalLength = measureToolOutput(part.output);
  if (originalLength <= limit) return undefined;
  const output = truncateOutput(part.output, limit, originalLength);
  return { part: { ...part, output }, originalLength, keptLength: keptLength(part.output, limit) };
}

function keptLength(output: ToolResultOutput, limit: number): number {
  if (output.type !== 'content') return limit;
  const total = measureToolOutput(output);
  return output.value.reduce(
    (kept, item) =>
      item.type === 'text'
        ? kept + Math.min(item.text.length, textBudget(item.text.length, limit, total))
        : kept,
    0,
  );
}

/** A text item's share of the limit, in proportion to its length. */
function textBudget(length: number, limit: number, total: number): number {
  return Math.floor((limit * length) / total);
}

function truncateOutput(
  output: ToolResultOutput,
  limit: number,
  originalLength: number,
): ToolResultOutput {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { type: output.type, value: truncateText(output.value, limit) };
    case 'json':
      return { type: 'text', value: truncateText(jsonText(output.value), limit) };
    case 'error-json':
      return { type: 'error-text', value: truncateText(jsonText(output.value), limit) };
    case 'content':
      return {
        type: 'content',
        value: output.value.map((item) =>
          item.type === 'text'
            ? {
                type: 'text',
                text: truncateText(item.text, textBudget(item.text.length, limit, originalLength)),
              }
            : item,
        ),
      };
    case 'execution-denied':
      return { type: 'execution-denied', reason: truncateText(output.reason ?? '', limit) };
    case 'blob':
      // Without its excerpt (`projectToolResult` passes it), a blob shows its preview.
      return inlineBlobOutput(output, limit, undefined).output;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}
