import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { providerProfileOf } from '../provider-profile-of';
import type { AiSdkSerializerOptions } from '../serialization-report';

/**
 * Checks the prompt a model received (`promptSeenByMockModel`): every tool call that the
 * provider does not execute itself is answered exactly once in the very next message (a tool
 * message), every tool result answers a call of the message right before, and — for providers
 * that take system text only at the start (all but OpenAI) — no system message comes after the
 * first non-system message. Returns one line per broken rule.
 */
export function languageModelPromptViolations(
  prompt: LanguageModelV3Prompt,
  options: AiSdkSerializerOptions = {},
): string[] {
  const { systemOnlyAtStart } = providerProfileOf(options.provider, options);
  const violations: string[] = [];
  let conversationStarted = false;
  prompt.forEach((message, index) => {
    if (message.role === 'system') {
      if (conversationStarted && systemOnlyAtStart)
        violations.push(`prompt[${index}] is a system message after the conversation started`);
      return;
    }
    conversationStarted = true;
    const next = prompt[index + 1];
    const resultIds =
      next?.role === 'tool'
        ? next.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : []))
        : [];
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type !== 'tool-call' || part.providerExecuted === true) continue;
        const count = resultIds.filter((id) => id === part.toolCallId).length;
        if (count !== 1)
          violations.push(
            `tool call ${part.toolCallId} in prompt[${index}] is answered ${count} times in the next message, expected once`,
          );
      }
    }
    if (message.role === 'tool') {
      const previous = prompt[index - 1];
      const callIds = new Set(
        previous?.role === 'assistant'
          ? previous.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))
          : [],
      );
      for (const part of message.content) {
        if (part.type === 'tool-result' && !callIds.has(part.toolCallId)) {
          violations.push(
            `tool result ${part.toolCallId} in prompt[${index}] answers no call of the message before`,
          );
        }
      }
    }
  });
  return violations;
}
