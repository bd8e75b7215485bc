import type { BlobToolResultOutput, ToolResultOutput } from '@agent-ledger/messages';

/**
 * Size of a tool output in characters, as the soft limit counts it: the text of text outputs, the
 * JSON text of JSON outputs, the text items of content outputs (media is governed by provider
 * capabilities, not by length), the reason of a denial, the text length a blob output records
 * (its size in bytes when it records none: never fewer than its code units).
 */
export function measureToolOutput(output: ToolResultOutput): number {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value.length;
    case 'json':
    case 'error-json':
      return jsonText(output.value).length;
    case 'content':
      return output.value.reduce(
        (total, item) => total + (item.type === 'text' ? item.text.length : 0),
        0,
      );
    case 'execution-denied':
      return output.reason?.length ?? 0;
    case 'blob':
      return blobTextLength(output);
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

/** `JSON.stringify` that never returns `undefined`. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? '';
}

/** The length of a blob output's text, as `measureToolOutput` counts it. */
export function blobTextLength(output: BlobToolResultOutput): number {
  return output.blob.textLength ?? output.blob.size;
}
