import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * Fills a missing `toolName` on tool-result parts from the first earlier call with the same
 * `toolCallId` (runtimes often record a result by id alone; the AI SDK wants the name). Not
 * reported as a repair: the type allows the omission, and the name is a fact of the log.
 */
export function fillToolResultNames(messages: readonly RuntimeMessage[]): RuntimeMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((message) => {
    if (message.kind === 'tool_call') {
      for (const part of message.content) {
        if (!toolNames.has(part.toolCallId)) toolNames.set(part.toolCallId, part.toolName);
      }
      return message;
    }
    if (message.kind !== 'tool_result') return message;
    if (message.content.every((part) => part.toolName !== undefined)) return message;
    return {
      ...message,
      content: message.content.map((part) => {
        const toolName = part.toolName ?? toolNames.get(part.toolCallId);
        return toolName === undefined ? part : { ...part, toolName };
      }),
    };
  });
}
