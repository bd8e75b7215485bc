import type { RuntimeMessage } from '@agent-ledger/messages';

/** Tool names a message records (calls, results that carry one), each once, in order. */
export function toolNamesOf(message: RuntimeMessage): string[] {
  if (message.kind !== 'tool_call' && message.kind !== 'tool_result') return [];
  // Most messages carry one part: no set for it.
  if (message.content.length === 1) {
    const name = message.content[0]?.toolName;
    return name === undefined ? [] : [name];
  }
  const names = new Set<string>();
  for (const part of message.content) {
    if (part.toolName !== undefined) names.add(part.toolName);
  }
  return [...names];
}
