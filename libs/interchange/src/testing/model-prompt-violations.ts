import { toAiSdkPrompt } from '@agent-ledger/ai-sdk';
import { aiSdkMessageViolations } from '@agent-ledger/ai-sdk/testing';
import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import { lastAgentName } from '@agent-ledger/projections';
import { projectToModel } from '@agent-ledger/projections';

/** Every provider id the serializer has a table for, and none (the default profile). */
export const PROVIDERS = [undefined, 'anthropic', 'openai', 'openai.chat', 'google'] as const;

/**
 * The model context a session's events give each provider, checked as the intent tests do:
 * the serializer's provider rules (`aiSdkMessageViolations`) on the messages and the system
 * message kept out of `messages`. One line per broken rule, prefixed with the provider.
 */
export function modelPromptViolations(
  events: readonly SessionEvent[],
  sessionId: string,
): string[] {
  const { messages } = normalizeSessionEvents(events);
  return PROVIDERS.flatMap((provider) => {
    const context = {
      sessionId,
      activeAgentName: lastAgentName(messages) ?? 'default',
      ...(provider === undefined ? {} : { provider }),
    };
    const model = projectToModel(messages, context);
    const prompt = toAiSdkPrompt(model.messages, { provider });
    const withSystem =
      prompt.system === undefined
        ? prompt.messages
        : [{ role: 'system' as const, content: prompt.system }, ...prompt.messages];
    return [
      ...aiSdkMessageViolations(withSystem, { provider }),
      ...prompt.messages
        .filter((message) => message.role === 'system')
        .map(() => 'a system message inside messages'),
    ].map((violation) => `${provider ?? 'default'}: ${violation}`);
  });
}
