import type { ModelCall } from '../scenario/session-record';
import { excerpt } from './excerpt';
import { readCall } from './read-call';

/**
 * Intent 1: the call carries the session's system prompt where its provider takes one
 * (Anthropic `system`, OpenAI Responses `instructions` or a leading system/developer item, Chat
 * a leading system/developer message, Google `systemInstruction`).
 */
export function systemPromptViolations(call: ModelCall, systemPrompt: string): string[] {
  const { systemTexts } = readCall(call).facts;
  if (systemTexts.some((text) => text.includes(systemPrompt))) return [];
  return [
    systemTexts.length === 0
      ? `${call.label}: no system prompt at all; the body starts ${excerpt(call.request.body, 0, 400)}`
      : `${call.label}: the system prompt is ${JSON.stringify(systemTexts)}, without the session's`,
  ];
}
