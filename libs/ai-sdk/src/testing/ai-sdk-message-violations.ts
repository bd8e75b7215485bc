import { modelMessageSchema, type ModelMessage as AiSdkModelMessage } from 'ai';
import { providerProfileOf, type ProviderProfile } from '../provider-profile-of';
import type { AiSdkSerializerOptions } from '../serialization-report';

/**
 * The invariants of the serializer's output for a provider, checked on `toAiSdkMessages`'s
 * result. Returns one line per broken rule:
 * - every message passes the AI SDK's `modelMessageSchema`; no empty content or blank text part;
 * - no two consecutive assistant, tool or system messages (nor user messages for strict providers);
 * - every tool call the provider does not execute is answered exactly once in the very next
 *   message, a tool message — or, when that tool message is the last message, holds an approval
 *   response for it (`generateText` executes or denies it); every tool message answers the
 *   assistant message right before it;
 * - strict providers (all but OpenAI): no system message after the first message, and the first
 *   non-system message is a user message;
 * - no assistant message holds a provider-executed tool call or a tool result (those are sent as
 *   text), nor a file part the provider would not send (`ProviderProfile.assistantFiles`).
 */
export function aiSdkMessageViolations(
  messages: AiSdkModelMessage[],
  options: AiSdkSerializerOptions = {},
): string[] {
  const profile = providerProfileOf(options.provider, options);
  const violations: string[] = [];
  messages.forEach((message, index) => {
    const where = `messages[${index}] (${message.role})`;
    const parsed = modelMessageSchema.safeParse(message);
    if (!parsed.success)
      violations.push(`${where} fails modelMessageSchema: ${parsed.error.message}`);
    violations.push(...emptinessViolations(message, where));
    const previous = messages[index - 1];
    if (previous?.role === message.role && (message.role !== 'user' || profile.strictTurns)) {
      violations.push(`${where} follows another ${message.role} message`);
    }
    if (message.role === 'system' && index > 0 && profile.systemOnlyAtStart) {
      violations.push(`${where} is a system message after the start`);
    }
    if (message.role === 'assistant') {
      violations.push(...unansweredCalls(messages, index));
      violations.push(...assistantPartViolations(message, where, profile));
    }
    if (message.role === 'tool') violations.push(...unexpectedResults(messages, index));
  });
  const firstTurn = messages.find((message) => message.role !== 'system');
  if (profile.strictTurns && firstTurn !== undefined && firstTurn.role !== 'user') {
    violations.push(
      `the first non-system message is a ${firstTurn.role} message, not a user message`,
    );
  }
  return violations;
}

function emptinessViolations(message: AiSdkModelMessage, where: string): string[] {
  if (typeof message.content === 'string')
    return message.content.trim() === '' ? [`${where} has blank content`] : [];
  if (message.content.length === 0) return [`${where} has empty content`];
  return message.content.flatMap((part, partIndex) =>
    part.type === 'text' && part.text.trim() === ''
      ? [`${where} part ${partIndex} is blank text`]
      : [],
  );
}

function assistantPartViolations(
  message: AiSdkModelMessage,
  where: string,
  profile: ProviderProfile,
): string[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content.flatMap((part, partIndex) => {
    const at = `${where} part ${partIndex}`;
    if (part.type === 'tool-call' && part.providerExecuted === true)
      return [`${at} is a provider-executed tool call, not text`];
    if (part.type === 'tool-result') return [`${at} is a tool result in an assistant message`];
    if (part.type !== 'file') return [];
    const inline =
      typeof part.data !== 'string' || !URL.canParse(part.data) || part.data.startsWith('data:');
    return profile.assistantFiles === 'inline-data' && inline
      ? []
      : [
          `${at} is a file part that ${profile.assistantFiles === 'none' ? 'the provider drops' : 'is not inline data'}`,
        ];
  });
}

function unansweredCalls(messages: AiSdkModelMessage[], index: number): string[] {
  const message = messages[index];
  if (message?.role !== 'assistant' || typeof message.content === 'string') return [];
  const next = messages[index + 1];
  const nextParts = next?.role === 'tool' ? next.content : [];
  const isLast = index + 1 === messages.length - 1;
  const violations: string[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-call' || part.providerExecuted === true) continue;
    const results = nextParts.filter(
      (p) => p.type === 'tool-result' && p.toolCallId === part.toolCallId,
    );
    if (results.length === 1) continue;
    const approvalIds = new Set(
      message.content.flatMap((p) =>
        p.type === 'tool-approval-request' && p.toolCallId === part.toolCallId
          ? [p.approvalId]
          : [],
      ),
    );
    const pending =
      results.length === 0 &&
      isLast &&
      nextParts.some((p) => p.type === 'tool-approval-response' && approvalIds.has(p.approvalId));
    if (!pending) {
      violations.push(
        `tool call ${part.toolCallId} in messages[${index}] is answered ${results.length} times in the next message, expected once`,
      );
    }
  }
  return violations;
}

function unexpectedResults(messages: AiSdkModelMessage[], index: number): string[] {
  const message = messages[index];
  const previous = messages[index - 1];
  if (message?.role !== 'tool') return [];
  if (previous?.role !== 'assistant' || typeof previous.content === 'string') {
    return [
      `messages[${index}] is a tool message that does not follow an assistant message with tool calls`,
    ];
  }
  const callIds = new Set(
    previous.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])),
  );
  return message.content.flatMap((part) =>
    part.type === 'tool-result' && !callIds.has(part.toolCallId)
      ? [
          `tool result ${part.toolCallId} in messages[${index}] answers no call of the message before`,
        ]
      : [],
  );
}
