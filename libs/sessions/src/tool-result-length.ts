import type { ToolResultMessage, ToolResultOutput } from '@agent-ledger/messages';

/**
 * The size of a tool result, in characters, as pruning policies count it: the text of its outputs
 * (JSON outputs serialized, media counted by their data string, a blob output by the text length
 * it records). Field names and ids do not count.
 */
export function toolResultLength(message: ToolResultMessage): number {
  return message.content.reduce((total, part) => total + outputLength(part.output), 0);
}

function outputLength(output: ToolResultOutput): number {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value.length;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value).length;
    case 'content':
      return output.value.reduce(
        (total, item) => total + (item.type === 'text' ? item.text.length : item.data.length),
        0,
      );
    case 'execution-denied':
      return output.reason?.length ?? 0;
    case 'blob':
      return output.blob.textLength ?? output.blob.size;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}
