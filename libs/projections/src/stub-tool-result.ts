import type { ToolResultPart } from '@agent-ledger/messages';

/**
 * The stub that stands for a tool result the model no longer sees: same `toolCallId`, `toolName`
 * and provider options, a text output saying the content is gone. A stub, not a removal: providers
 * reject a tool call without a result.
 */
export function stubToolResult(part: ToolResultPart, text: string): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: part.toolCallId,
    ...(part.toolName === undefined ? {} : { toolName: part.toolName }),
    output: { type: 'text', value: text },
    ...(part.providerOptions === undefined ? {} : { providerOptions: part.providerOptions }),
  };
}
