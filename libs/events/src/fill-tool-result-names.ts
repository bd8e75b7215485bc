import type { RuntimeMessage } from '@agent-ledger/messages';

/**
 * Fills a missing `toolName` on the parts of a tool result from `toolNameOf` (the first call of
 * that `toolCallId` placed before it): runtimes often record a result by id alone, and the AI
 * SDK wants the name. Not reported as a repair: the type allows the omission, and the name is a
 * fact of the log. Returns `message` itself when there is nothing to fill.
 */
export function fillToolResultNames(
  message: RuntimeMessage,
  toolNameOf: (toolCallId: string) => string | undefined,
): RuntimeMessage {
  if (message.kind !== 'tool_result') return message;
  let filled = false;
  const content = message.content.map((part) => {
    if (part.toolName !== undefined) return part;
    const toolName = toolNameOf(part.toolCallId);
    if (toolName === undefined) return part;
    filled = true;
    return { ...part, toolName };
  });
  return filled ? { ...message, content } : message;
}
