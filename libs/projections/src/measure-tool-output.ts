import type { ToolResultOutput } from '@agent-ledger/messages';

/**
 * Size of a tool output in characters, as the soft limit counts it: the text of text outputs, the
 * JSON text of JSON outputs, the text items of content outputs (media is governed by provider
 * capabilities, not by length), the reason of a denial.
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
